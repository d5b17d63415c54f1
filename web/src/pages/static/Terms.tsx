import { pages } from '../../i18n/pages.js';
import { StaticPageView } from './StaticPageView.js';

export default function Terms() {
  return <StaticPageView page={pages.terms} showEmail />;
}

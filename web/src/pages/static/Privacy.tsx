import { pages } from '../../i18n/pages.js';
import { StaticPageView } from './StaticPageView.js';

export default function Privacy() {
  return <StaticPageView page={pages.privacy} showEmail />;
}

import { pages } from '../../i18n/pages.js';
import { StaticPageView } from './StaticPageView.js';

export default function Faq() {
  return <StaticPageView page={pages.faq} />;
}

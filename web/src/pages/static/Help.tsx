import { pages } from '../../i18n/pages.js';
import { StaticPageView } from './StaticPageView.js';

export default function Help() {
  return <StaticPageView page={pages.help} />;
}

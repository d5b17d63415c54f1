import { pages } from '../../i18n/pages.js';
import { StaticPageView } from './StaticPageView.js';

export default function About() {
  return <StaticPageView page={pages.about} />;
}

import { useStaticPage } from '../../i18n/pages.js';
import { StaticPageView } from './StaticPageView.js';

export default function Faq() {
  const page = useStaticPage('faq');
  return <StaticPageView page={page} />;
}

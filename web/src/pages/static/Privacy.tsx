import { useStaticPage } from '../../i18n/pages.js';
import { StaticPageView } from './StaticPageView.js';

export default function Privacy() {
  const page = useStaticPage('privacy');
  return <StaticPageView page={page} showEmail />;
}

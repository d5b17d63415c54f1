import { useStaticPage } from '../../i18n/pages.js';
import { StaticPageView } from './StaticPageView.js';

export default function Terms() {
  const page = useStaticPage('terms');
  return <StaticPageView page={page} showEmail />;
}

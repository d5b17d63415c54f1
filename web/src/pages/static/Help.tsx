import { useStaticPage } from '../../i18n/pages.js';
import { StaticPageView } from './StaticPageView.js';

export default function Help() {
  const page = useStaticPage('help');
  return <StaticPageView page={page} />;
}

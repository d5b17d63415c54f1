import { useStaticPage } from '../../i18n/pages.js';
import { StaticPageView } from './StaticPageView.js';

export default function About() {
  const page = useStaticPage('about');
  return <StaticPageView page={page} />;
}

import '@mantine/dates/styles.css';
import { useTranslation } from 'react-i18next';
import { NotFoundContent } from '../src/pages/errors/NotFoundContent';
import { useView } from '../src/tabs/ViewContext';
import { loadScreenTexts } from './i18n/screenTexts';
import { ListScreen } from './list/ListScreen';
import { descriptors } from './runtime/descriptors';
import { screenForRoute } from './runtime/screenModel';

loadScreenTexts();

/**
 * The page of every menu path that has a screen descriptor (src/router/pageRegistry.ts sends them
 * here, lazily: this chunk carries TanStack Table, rjsf and the descriptors, never the login page).
 */
export default function ScreenPage() {
  const { path } = useView();
  useTranslation();
  const screen = screenForRoute(descriptors, path);
  if (!screen) return <NotFoundContent />;
  return <ListScreen key={screen.name} set={descriptors} screen={screen} />;
}

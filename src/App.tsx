import { MantineProvider, PasswordInput, createTheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { Toasts } from './feedback/Toasts';
import { router } from './router/router';

export function App({ scale }: { scale: number }) {
  const { t } = useTranslation();
  // The component library's own labels in the user's language (its defaults are English).
  // respectReducedMotion: a user whose system asks for reduced motion gets dialogs, menus and folds without animation.
  const theme = createTheme({
    scale, primaryColor: 'blue', defaultRadius: 'sm', respectReducedMotion: true,
    components: { PasswordInput: PasswordInput.extend({ defaultProps: { visibilityToggleButtonProps: { 'aria-label': t('common.togglePassword') } } }) },
  });
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      {/* The query cache and the dialogs come with the first page behind the login (router/ShellProviders). */}
      <Toasts />
      <RouterProvider router={router} />
    </MantineProvider>
  );
}

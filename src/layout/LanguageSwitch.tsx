import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { switchLanguage, type LanguageCode } from '../i18n/i18n';
import { appState } from '../store/appStore';

const CHOICES: { value: LanguageCode; label: string }[] = [{ value: 'zh-CN', label: '中文' }, { value: 'en', label: 'EN' }];

/** zh-CN / en, saved in localStorage (two buttons: the login page carries no segmented control for it). */
export function LanguageSwitch() {
  const { i18n } = useTranslation();
  const current = i18n.language === 'en' ? 'en' : 'zh-CN';
  return (
    <Button.Group data-testid="language-switch">
      {CHOICES.map((choice) => (
        <Button
          key={choice.value}
          size="compact-xs"
          variant={choice.value === current ? 'filled' : 'default'}
          aria-pressed={choice.value === current}
          onClick={() => {
            if (choice.value === current) return;
            switchLanguage(choice.value);
            appState.language = choice.value;
          }}
        >
          {choice.label}
        </Button>
      ))}
    </Button.Group>
  );
}

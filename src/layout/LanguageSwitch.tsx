import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { switchLanguage, type LanguageCode } from '../i18n/i18n';
import { appState } from '../store/appStore';

/** zh-CN / en, saved in localStorage. */
export function LanguageSwitch() {
  const { i18n } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      value={i18n.language === 'en' ? 'en' : 'zh-CN'}
      onChange={(value) => {
        switchLanguage(value as LanguageCode);
        appState.language = value as LanguageCode;
      }}
      data={[{ value: 'zh-CN', label: '中文' }, { value: 'en', label: 'EN' }]}
      data-testid="language-switch"
    />
  );
}

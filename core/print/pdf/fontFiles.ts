/**
 * Where the embedded CJK fonts come from: TrueType files of npm packages (OFL-1.1), so a fresh
 * `npm ci` has them. Sans: Noto Sans SC (default, Microsoft YaHei, 黑体); serif: Noto Serif SC (SimSun, 宋体).
 */
import type { FontKind, FontWeightName } from './fonts.ts';

export const PDF_FONT_PACKAGE = '@expo-google-fonts/noto-sans-sc';
export const PDF_SERIF_FONT_PACKAGE = '@expo-google-fonts/noto-serif-sc';
export const PDF_FONT_FILES: Record<FontKind, Record<FontWeightName, string>> = {
  sans: {
    regular: `${PDF_FONT_PACKAGE}/400Regular/NotoSansSC_400Regular.ttf`,
    bold: `${PDF_FONT_PACKAGE}/700Bold/NotoSansSC_700Bold.ttf`,
  },
  serif: {
    regular: `${PDF_SERIF_FONT_PACKAGE}/400Regular/NotoSerifSC_400Regular.ttf`,
    bold: `${PDF_SERIF_FONT_PACKAGE}/700Bold/NotoSerifSC_700Bold.ttf`,
  },
};

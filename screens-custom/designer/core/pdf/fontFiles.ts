/** Where the embedded CJK font comes from: the Noto Sans SC TrueType files of an npm package (OFL-1.1). */
export const PDF_FONT_PACKAGE = '@expo-google-fonts/noto-sans-sc';
export const PDF_FONT_FILES = {
  regular: `${PDF_FONT_PACKAGE}/400Regular/NotoSansSC_400Regular.ttf`,
  bold: `${PDF_FONT_PACKAGE}/700Bold/NotoSansSC_700Bold.ttf`,
} as const;

/** Property groups several element types share in their settings panels. */
export const POSITION = ['coordinate', 'widthHeight'] as const;
export const TEXT_STYLE = [
  'fontFamily', 'fontSize', 'fontWeight', 'letterSpacing', 'lineHeight', 'textAlign', 'textDecoration', 'color', 'backgroundColor',
  'textContentVerticalAlign', 'textContentWrap', 'contentPaddingLeft', 'contentPaddingTop', 'contentPaddingRight', 'contentPaddingBottom',
] as const;
export const BOX_BORDER = ['borderLeft', 'borderTop', 'borderRight', 'borderBottom', 'borderWidth', 'borderColor'] as const;
/** lines and shapes label their border settings as line width, colour and style */
export const LINE_BORDER = ['borderWidth', 'borderColor', 'borderStyle'] as const;
export const PAGING = ['fixed', 'axis', 'pageBreak', 'showInPage', 'unShowInPage', 'transform', 'zIndex'] as const;

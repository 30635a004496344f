/**
 * The host's font list for fontFamily (spec 001 §3): the default (the paper's own font) plus SimSun and
 * Microsoft YaHei as the spec names them, and the other faces Chinese Windows and macOS machines have.
 */
import { DEFAULT_FONT_FAMILIES, type OptionItem } from '../../../core/print/options/index.ts';

export const PRINT_FONTS: ReadonlyArray<OptionItem<string>> = [
  ...DEFAULT_FONT_FAMILIES,
  { value: 'SimHei', label: '黑体' },
  { value: 'KaiTi', label: '楷体' },
  { value: 'FangSong', label: '仿宋' },
  { value: 'Noto Sans SC', label: '思源黑体' },
  { value: 'PingFang SC', label: '苹方' },
];

import { displayText } from '../shared/values.ts';
import type { UiRenderProps } from '../types.ts';

/** A long text; on a printed page only the lines the paginator gave this page show. */
export function LongTextUi({ element, data, placement }: UiRenderProps<'longText'>) {
  const o = element.options;
  let text = displayText(element, data);
  if (o.leftSpaceRemoved) text = text.split('\n').map((l) => l.replace(/^\s+/, '')).join('\n');
  const lines = placement?.lines;
  const lineHeight = o.lineHeight ?? (o.fontSize ?? 9) * 1.25;
  if (!lines || (lines.from === 0 && lines.to === lines.total)) return <div className="wxy-el-longtext" style={{ lineHeight: `${lineHeight}pt` }}>{text}</div>;
  return (
    <div style={{ overflow: 'hidden', height: `${(lines.to - lines.from) * lineHeight}pt` }}>
      <div className="wxy-el-longtext" style={{ lineHeight: `${lineHeight}pt`, marginTop: `${-lines.from * lineHeight}pt` }}>{text}</div>
    </div>
  );
}

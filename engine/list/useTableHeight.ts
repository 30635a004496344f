import { type RefObject, useEffect, useState } from 'react';
import { TABLE_HEIGHT, onResizeSettled, tableHeightFor } from './layout';

/**
 * The table's height (spec 000 §9): 694 px until measured, then the window below the table's top
 * edge less 86 px (at least 300), recalculated 700 ms after the window stops resizing (100 ms debounce).
 * The measured height is layout, owned here; no store copies it.
 */
export function useTableHeight(anchor: RefObject<HTMLElement | null>, active: boolean): number {
  const [height, setHeight] = useState<number>(TABLE_HEIGHT.initial);
  useEffect(() => {
    if (!active) return;
    const measure = () => {
      const top = anchor.current?.getBoundingClientRect().top;
      if (top !== undefined) setHeight(tableHeightFor(window.innerHeight, top));
    };
    measure();
    return onResizeSettled(window, measure);
  }, [anchor, active]);
  return height;
}

import { useEffect } from 'react';

/** Phones and tablets, by their user agent (the h5 pages' flexible layout applies to them only). */
export const isMobileAgent = (ua: string) => /Android|iPhone|iPad|iPod|Mobile|HarmonyOS/i.test(ua);

/** The h5 root font size: a 750-unit design maps to the viewport (1rem = viewport width / 7.5). */
export const h5RootFontSize = (viewportWidth: number) => viewportWidth / 7.5;

/**
 * While an h5 page is open on a mobile agent, the root font size follows the viewport width (width / 7.5), and
 * Mantine's scale is set so its own rem-based sizes stay the same in pixels. Restored when the page closes.
 */
export function useH5RootFontSize(): void {
  useEffect(() => {
    if (!isMobileAgent(navigator.userAgent)) return undefined;
    const root = document.documentElement;
    const before = { fontSize: root.style.fontSize, scale: root.style.getPropertyValue('--mantine-scale') };
    const apply = () => {
      const size = h5RootFontSize(root.clientWidth || window.innerWidth);
      root.style.fontSize = `${size}px`;
      root.style.setProperty('--mantine-scale', String(16 / size));
    };
    apply();
    window.addEventListener('resize', apply);
    return () => {
      window.removeEventListener('resize', apply);
      root.style.fontSize = before.fontSize;
      if (before.scale) root.style.setProperty('--mantine-scale', before.scale);
      else root.style.removeProperty('--mantine-scale');
    };
  }, []);
}

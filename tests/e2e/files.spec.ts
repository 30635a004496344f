import { type Page } from '@playwright/test';
import { expect, logIn, test } from './support';

/**
 * Files, upload queue, network and local log in Chromium against the real server.
 * Uses tenant 2's admin so the avatar change does not touch other specs' tenant-1 data.
 */

async function logInTenant2(page: Page, to?: string) {
  await logIn(page, 'admin', 'admin123', '2', { to });
  if (!to) await expect(page.getByTestId('home-page')).toBeVisible();
}

type PickedFile = { kind: 'noisePng'; width: number; height: number; name: string } | { kind: 'zeros'; size: number; name: string; type: string };

/**
 * Builds the file inside the page and hands it to the file input as a user's pick would (Playwright's
 * setInputFiles ships the bytes through the protocol: seconds for 12 MB). A noise PNG is real and
 * decodable: random RGBA pixels, so it stays as large as asked after deflate. Returns its size.
 */
function pickFile(page: Page, selector: string, spec: PickedFile): Promise<number> {
  return page.evaluate(async ({ selector, spec }) => {
    let blob: Blob;
    if (spec.kind === 'zeros') blob = new Blob([new Uint8Array(spec.size)], { type: spec.type });
    else {
      const table = Array.from({ length: 256 }, (_, n) => {
        let c = n;
        for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
        return c >>> 0;
      });
      const crc = (bytes: Uint8Array) => {
        let c = 0xffffffff;
        for (let i = 0; i < bytes.length; i++) c = table[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
        return (c ^ 0xffffffff) >>> 0;
      };
      const chunk = (type: string, data: Uint8Array) => {
        const out = new Uint8Array(12 + data.length);
        const view = new DataView(out.buffer);
        view.setUint32(0, data.length);
        out.set(new TextEncoder().encode(type), 4);
        out.set(data, 8);
        view.setUint32(8 + data.length, crc(out.subarray(4, 8 + data.length)));
        return out;
      };
      const { width, height } = spec;
      const ihdr = new Uint8Array(13);
      new DataView(ihdr.buffer).setUint32(0, width);
      new DataView(ihdr.buffer).setUint32(4, height);
      ihdr[8] = 8; // bit depth
      ihdr[9] = 6; // RGBA
      const rows = new Uint8Array((width * 4 + 1) * height);
      for (let off = 0; off < rows.length; off += 65536) crypto.getRandomValues(rows.subarray(off, off + 65536));
      for (let y = 0; y < height; y++) rows[y * (width * 4 + 1)] = 0; // filter: none
      const idat = new Uint8Array(await new Response(new Blob([rows]).stream().pipeThrough(new CompressionStream('deflate'))).arrayBuffer());
      const signature = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      blob = new Blob([signature, chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', new Uint8Array(0))], { type: 'image/png' });
    }
    const file = new File([blob], spec.name, { type: blob.type });
    const picked = new DataTransfer();
    picked.items.add(file);
    const input = document.querySelector<HTMLInputElement>(selector)!;
    input.files = picked.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    return file.size;
  }, { selector, spec });
}

const AVATAR_INPUT = '[data-testid=profile-page] input[type=file]';

test('a 12 MB avatar goes up in chunks with progress, survives a dropped chunk, and shows as the avatar', async ({ page }) => {
  await logInTenant2(page, '/userInfo/baseInfo');
  await expect(page.getByTestId('profile-page')).toBeVisible();

  // The second chunk request dies on the way once; every chunk waits a little so the progress can be seen.
  const chunkPosts: number[] = [];
  await page.route('**/api/wxy-file-server/file/chunk-upload', async (route) => {
    chunkPosts.push(Date.now());
    if (chunkPosts.length === 2) return route.abort('connectionreset');
    await new Promise((r) => setTimeout(r, 600));
    return route.continue();
  });

  const pngSize = await pickFile(page, AVATAR_INPUT, { kind: 'noisePng', width: 1600, height: 2000, name: '头像.png' });
  expect(pngSize).toBeGreaterThan(12 * 1024 * 1024);
  const queue = page.getByTestId('upload-queue');
  await expect(queue).toBeVisible();
  await expect(queue.getByTestId('upload-item')).toContainText('头像.png');
  await expect(queue.getByTestId('upload-item')).toContainText('12.2 MB');
  await expect(queue.getByTestId('upload-percent')).toHaveText(/上传中 [1-9]\d?%/);
  await expect(page.getByTestId('upload-remaining')).toHaveText('剩余 1 个');
  await expect(page.getByTestId('upload-queue-button')).toBeVisible();

  await expect(queue.getByTestId('upload-item')).toHaveAttribute('data-status', '2', { timeout: 30_000 });
  await expect(queue.getByTestId('upload-item')).toContainText('已完成');
  await expect(page.getByTestId('upload-remaining')).toHaveText('剩余 0 个');
  // 3 chunks + the one retried after the dropped connection.
  expect(chunkPosts.length).toBe(4);

  // The new avatar is saved and really loads from the signed link (top bar and profile).
  const src = await page.getByTestId('user-menu').locator('img').getAttribute('src');
  expect(src).toContain('/api/wxy-file-server/video/downSeeding?');
  await expect.poll(() => page.getByTestId('user-menu').locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1600);
  const served = await page.evaluate(async (url) => (await (await fetch(url)).arrayBuffer()).byteLength, src!);
  expect(served).toBe(pngSize);
  await page.reload();
  await expect(page.getByTestId('user-menu').locator('img')).toHaveAttribute('src', src!);

  // The request log (IndexedDB newDatabase, store requireInfoList) has the calls, without query strings.
  // The log is written once its database module has loaded (a few seconds after start-up): poll for it.
  const readLog = () =>
    page.evaluate(
      () =>
        new Promise<{ url: string; requireTime: number }[]>((resolve, reject) => {
          const open = indexedDB.open('newDatabase');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            if (!open.result.objectStoreNames.contains('requireInfoList')) return resolve([]);
            const all = open.result.transaction('requireInfoList').objectStore('requireInfoList').getAll();
            all.onsuccess = () => resolve(all.result);
          };
        }),
    );
  await expect.poll(async () => (await readLog()).some((r) => r.url.endsWith('/wxy-file-server/file/chunk-upload'))).toBe(true);
  const logged = await readLog();
  expect(logged.some((r) => r.url.endsWith('/wxy-file-server/file/chunk-upload') && r.requireTime > 0)).toBe(true);
  expect(logged.some((r) => r.url.includes('?') || r.url.includes('password'))).toBe(false);
});

test('the queue folds and closes; a refused file shows the server message and is marked failed', async ({ page }) => {
  await logInTenant2(page, '/userInfo/baseInfo');
  await expect(page.getByTestId('profile-page')).toBeVisible();
  // 25 MB is above the image limit: the server refuses the first chunk (413), which is not retried.
  let posts = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/file/chunk-upload') && r.method() === 'POST') posts++;
  });
  await pickFile(page, AVATAR_INPUT, { kind: 'zeros', size: 25 * 1024 * 1024, name: 'poster.png', type: 'image/png' });
  const item = page.getByTestId('upload-item');
  await expect(item).toHaveAttribute('data-status', '3');
  await expect(item).toContainText('上传失败：图片不能超过 20 MB');
  await expect(page.getByTestId('toast-error')).toContainText('图片不能超过 20 MB');
  expect(posts).toBe(1);
  // The toast lasts 3 seconds.
  await expect(page.getByTestId('toast-error')).toBeHidden({ timeout: 6_000 });

  await page.getByTestId('upload-queue-fold').click();
  await expect(item).toBeHidden();
  await page.getByTestId('upload-queue-fold').click();
  await expect(item).toBeVisible();
  await page.getByTestId('upload-queue-close').click();
  await expect(page.getByTestId('upload-queue')).toBeHidden();
  // Nothing is left running, so the top-bar entry goes away with the finished items.
  await expect(page.getByTestId('upload-queue-button')).toBeHidden();
});

test('going offline shows the banner until dismissed; coming back says 网络已恢复 and reloads', async ({ page, context }) => {
  await logInTenant2(page);
  await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
  await context.setOffline(true);
  const banner = page.getByTestId('network-offline');
  await expect(banner).toContainText('当前网络似乎断开，正在尝试重新连接');
  await page.waitForTimeout(4_000);
  await expect(banner).toBeVisible();

  const reloaded = page.waitForEvent('load');
  await context.setOffline(false);
  await expect(page.getByTestId('network-restored')).toContainText('网络已恢复');
  await reloaded;
  expect(await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload)).toBeUndefined();
  await expect(page.getByTestId('home-page')).toBeVisible();
});

test('the offline banner can be dismissed', async ({ page, context }) => {
  await logInTenant2(page);
  await context.setOffline(true);
  const banner = page.getByTestId('network-offline');
  await expect(banner).toBeVisible();
  await banner.locator('button').click();
  await expect(banner).toBeHidden();
  await context.setOffline(false);
});

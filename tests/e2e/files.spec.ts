import { deflateSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';

/**
 * Files, upload queue, network and local log in Chromium against the real server.
 * Uses tenant 2's admin so the avatar change does not touch other specs' tenant-1 data.
 */

async function logInTenant2(page: Page) {
  await page.goto('/login');
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill('admin123');
  const tenantField = page.getByTestId('login-tenant');
  if (await tenantField.count()) await tenantField.fill('2');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('home-page')).toBeVisible();
}

/** A real, decodable PNG of random pixels, stored without compression so it is as large as asked. */
function noisePng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const rows = randomBytes((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) rows[y * (width * 4 + 1)] = 0; // filter: none
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows, { level: 0 })), chunk('IEND', Buffer.alloc(0))]);
}

test('a 12 MB avatar goes up in chunks with progress, survives a dropped chunk, and shows as the avatar', async ({ page }) => {
  await logInTenant2(page);
  await page.goto('/userInfo/baseInfo');
  await expect(page.getByTestId('profile-page')).toBeVisible();

  const png = noisePng(1600, 2000);
  expect(png.length).toBeGreaterThan(12 * 1024 * 1024);
  // The second chunk request dies on the way once; every chunk waits a little so the progress can be seen.
  const chunkPosts: number[] = [];
  await page.route('**/api/wxy-file-server/file/chunk-upload', async (route) => {
    chunkPosts.push(Date.now());
    if (chunkPosts.length === 2) return route.abort('connectionreset');
    await new Promise((r) => setTimeout(r, 600));
    return route.continue();
  });

  await page.getByTestId('profile-page').locator('input[type=file]').setInputFiles({ name: '头像.png', mimeType: 'image/png', buffer: png });
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
  expect(served).toBe(png.length);
  await page.reload();
  await expect(page.getByTestId('user-menu').locator('img')).toHaveAttribute('src', src!);

  // The request log (IndexedDB newDatabase, store requireInfoList) has the calls, without query strings.
  const logged = await page.evaluate(
    () =>
      new Promise<{ url: string; requireTime: number }[]>((resolve, reject) => {
        const open = indexedDB.open('newDatabase');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('requireInfoList').objectStore('requireInfoList').getAll();
          all.onsuccess = () => resolve(all.result);
        };
      }),
  );
  expect(logged.some((r) => r.url.endsWith('/wxy-file-server/file/chunk-upload') && r.requireTime > 0)).toBe(true);
  expect(logged.some((r) => r.url.includes('?') || r.url.includes('password'))).toBe(false);
});

test('the queue folds and closes; a refused file shows the server message and is marked failed', async ({ page }) => {
  await logInTenant2(page);
  await page.goto('/userInfo/baseInfo');
  await expect(page.getByTestId('profile-page')).toBeVisible();
  // 25 MB is above the image limit: the server refuses the first chunk (413), which is not retried.
  let posts = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/file/chunk-upload') && r.method() === 'POST') posts++;
  });
  await page.getByTestId('profile-page').locator('input[type=file]').setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: randomBytes(25 * 1024 * 1024) });
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

import { tinyMp4 } from '../../server/domains/training/tinyMp4';
import { expect, logIn, openFromSidebar, pageApi, test, zoneDay } from './support';

/**
 * 视频培训 in Chromium: the admin uploads a course (a real 30-second H.264 card, through the upload the page uses),
 * assigns it to shop01; shop01 opens 我的课程, plays it, seeks ahead (the video is served with HTTP ranges) and the
 * progress the player reports shows in the admin's 课程统计.
 */
test('a course uploaded, assigned to shop01, watched with seeking, counted in the statistics', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const title = `e2e消防课${Date.now() % 100000}`;
  await logIn(page, 'admin', 'admin123', '1', { to: '/training/videoMaterial' });
  await page.getByRole('button', { name: '上传课程' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type="file"]').first().setInputFiles({ name: `${title}.mp4`, mimeType: 'video/mp4', buffer: tinyMp4({ seconds: 30, colour: 'green' }) });
  // The duration is read from the file, the title from its name.
  await expect(page.getByTestId('material-duration')).toHaveValue('30');
  await expect(page.getByTestId('material-title')).toHaveValue(title);
  await page.getByTestId('material-group').click();
  await page.getByRole('option', { name: '新员工入职' }).click();
  await page.getByTestId('material-save').click();
  await expect(page.getByRole('row', { name: new RegExp(title) })).toBeVisible();

  await openFromSidebar(page, '/training', '/training/videoTask');
  await page.getByRole('button', { name: '新建学习任务' }).click();
  await page.getByTestId('task-name').fill(`${title}任务`);
  const day = zoneDay;
  await page.getByTestId('task-start').fill(`${day(-1)}T08:00`);
  await page.getByTestId('task-deadline').fill(`${day(-2)}T08:00`);
  await expect(page.getByRole('dialog')).toContainText('截止时间必须晚于开始时间');
  await page.getByTestId('task-deadline').fill(`${day(7)}T18:00`);
  await page.getByTestId('task-courses').click();
  await page.getByRole('option', { name: new RegExp(title) }).click();
  await page.getByTestId('task-users').click();
  await page.getByTestId('task-users').fill('门店店员01');
  await page.getByRole('option', { name: /门店店员01/ }).click();
  await page.getByTestId('task-name').click();
  await page.getByTestId('task-save').click();
  await expect(page.getByRole('row', { name: new RegExp(`${title}任务`) })).toBeVisible();

  // shop01, in a browser of their own.
  const staff = await (await browser.newContext({ baseURL, locale: 'zh-CN' })).newPage();
  await logIn(staff, 'shop01', 'shop123', '1', { to: '/training/myCourse' });
  const card = staff.locator('[data-testid^="course-card-"]', { hasText: title });
  await expect(card).toContainText('未开始');
  const firstBytes = staff.waitForResponse((r) => r.url().includes('/video-material/stream/'));
  await card.getByTestId('course-open').click();
  expect((await firstBytes).status()).toBe(206);
  const video = staff.getByTestId('course-video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBe(30);
  await video.evaluate((v: HTMLVideoElement) => { v.muted = true; void v.play(); });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(4);
  // Seek ahead: the player goes there; the seconds skipped are not counted as watched.
  await video.evaluate((v: HTMLVideoElement) => { v.currentTime = 18; });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(22);
  await video.evaluate((v: HTMLVideoElement) => v.pause());
  const progress = staff.getByTestId('course-progress');
  await expect(progress).toContainText('最远看到 0:2');
  const { request, headers } = await pageApi(staff);
  const mine = (await (await request.get('api/wxy-system-server/sys-video-task-user-det/my', { headers })).json()).data as { title: string; materialId: number; watchedSeconds: number; furthestPosition: number; completed: boolean }[];
  const row = mine.find((r) => r.title === title)!;
  expect(row.furthestPosition).toBeGreaterThanOrEqual(22);
  expect(row.watchedSeconds).toBeGreaterThanOrEqual(6);
  expect(row.watchedSeconds).toBeLessThan(row.furthestPosition);
  expect(row.completed).toBe(false);
  // The same course shared to a phone: it opens where shop01 left off.
  await staff.setViewportSize({ width: 390, height: 844 });
  await staff.goto(`/h5/courseSharing?materialId=${row.materialId}`);
  await expect(staff.getByTestId('h5-course').getByTestId('course-progress')).toContainText(`最远看到 0:${row.furthestPosition}`);
  await expect.poll(() => staff.getByTestId('course-video').evaluate((v: HTMLVideoElement) => v.currentTime)).toBe(row.furthestPosition);

  await openFromSidebar(page, '/training', '/training/courseStatistics');
  const stats = page.getByTestId(`stats-row-${title}`);
  await expect(stats).toBeVisible();
  await expect(stats.locator('td').nth(3)).toHaveText('1');
  await expect(stats.getByTestId('stats-avg')).toHaveText(`${Math.round((row.watchedSeconds * 1000) / 30) / 10}%`);
  await staff.context().close();
});

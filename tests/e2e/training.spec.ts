import { tinyMp4 } from '../../server/domains/training/tinyMp4';
import { type Page } from '@playwright/test';
import { expect, logIn, openFromSidebar, pageApi, test, zoneDay } from './support';

/** A date-time field of an engine form: the date typed (calendar closed), then hours, minutes and seconds. */
async function setDateTime(page: Page, testId: string, date: string, [h, m, sec]: string[]) {
  const dateInput = page.getByTestId(`${testId}-date`);
  await dateInput.fill(date);
  await expect(page.locator('.mantine-DateInput-levelsGroup')).toBeVisible();
  await dateInput.press('Escape');
  await expect(page.locator('.mantine-DateInput-levelsGroup')).toBeHidden();
  await page.getByTestId(`${testId}-hours`).fill(h);
  await page.getByTestId(`${testId}-minutes`).fill(m);
  await page.getByTestId(`${testId}-seconds`).fill(sec);
}

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

  // 视频分组: a form of the engine — a parent among the groups, the roles that see it (several, searched).
  await openFromSidebar(page, '/training', '/training/videoGroup');
  await page.getByTestId('video-material-group-toolbar-add').click();
  const group = page.getByTestId('video-material-group-dialog');
  await expect(group).toContainText('新增');
  await group.getByTestId('field-groupName').fill(`${title}组`);
  await group.getByTestId('field-parentId').click();
  await page.getByRole('option', { name: '新员工入职' }).click();
  await group.getByTestId('field-roleIds').click();
  await group.getByTestId('field-roleIds').fill('门店店员');
  await page.getByRole('option', { name: '门店店员' }).click();
  await group.getByTestId('field-groupName').click();
  await group.getByTestId('video-material-group-form-submit').click();
  await expect(page.getByRole('row', { name: new RegExp(`${title}组.*新员工入职.*门店店员`) })).toBeVisible();

  await openFromSidebar(page, '/training', '/training/videoTask');
  await page.getByRole('button', { name: '新建学习任务' }).click();
  const task = page.getByTestId('sys-video-task-dialog');
  await task.getByTestId('field-taskName').fill(`${title}任务`);
  const day = zoneDay;
  await setDateTime(page, 'field-startTime', day(-1), ['08', '00', '00']);
  await setDateTime(page, 'field-deadline', day(-2), ['08', '00', '00']);
  // The courses the caller may see, searched by name (the picker of several rows).
  await task.getByTestId('field-materialIds').click();
  await task.getByTestId('field-materialIds').fill(title);
  await page.getByRole('option', { name: new RegExp(title) }).click();
  await task.getByTestId('field-userIds').click();
  await task.getByTestId('field-userIds').fill('门店店员01');
  await page.getByRole('option', { name: /门店店员01/ }).click();
  await task.getByTestId('field-taskName').click();
  await task.getByTestId('sys-video-task-form-submit').click();
  await expect(page.getByText('截止时间 deadline 必须晚于开始时间 startTime')).toBeVisible();
  await setDateTime(page, 'field-deadline', day(7), ['18', '00', '00']);
  await task.getByTestId('sys-video-task-form-submit').click();
  await expect(page.getByText('任务已分配给 1 人')).toBeVisible();
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

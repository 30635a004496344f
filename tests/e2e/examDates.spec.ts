import { type Page } from '@playwright/test';
import { expect, logIn, test } from './support';

/**
 * Date-time fields through the engine's forms: the picker shows the value the record was loaded with,
 * and a record saved back (edited or not) is accepted by the server and keeps its time.
 */

async function setDateTime(page: Page, testId: string, date: string, [h, m, sec]: string[]) {
  const dateInput = page.getByTestId(`${testId}-date`);
  const calendar = page.locator('.mantine-DateInput-levelsGroup');
  await dateInput.fill(date);
  // Escape once the calendar shows, so that it closes the calendar (a moment earlier it would close the window).
  await expect(calendar).toBeVisible();
  await dateInput.press('Escape');
  await expect(calendar).toBeHidden();
  await page.getByTestId(`${testId}-hours`).fill(h);
  await page.getByTestId(`${testId}-minutes`).fill(m);
  await page.getByTestId(`${testId}-seconds`).fill(sec);
}

test('an exam created with a start time shows it when edited and saves back unchanged', async ({ page }) => {
  await logIn(page, 'admin', 'admin123', '1', { to: '/systemManage/examList' });
  await expect(page.getByTestId('sys-exam-table')).toBeVisible();

  await page.getByTestId('sys-exam-toolbar-add').click();
  const dialog = page.getByTestId('sys-exam-dialog');
  await dialog.getByTestId('field-examName').fill('日期往返测验');
  // a typed date and a 24-hour time (the browser's own pickers would show mm/dd/yyyy and AM/PM in English)
  await setDateTime(page, 'field-startTime', '2026-12-01', ['09', '30', '00']);
  await expect(dialog).toBeVisible(); // Escape closed the date dropdown, not the window
  await setDateTime(page, 'field-endTime', '2026/12/1', ['11', '00', '00']);
  await expect(dialog.getByTestId('field-endTime-date')).toHaveValue('2026-12-01');
  await page.getByTestId('sys-exam-form-submit').click();
  await expect(dialog).toBeHidden();

  await page.getByTestId('filter-examName').fill('日期往返');
  await page.getByTestId('sys-exam-search').click();
  const row = page.getByTestId('sys-exam-table-row');
  await expect(row).toHaveCount(1);
  await expect(row.locator('td[data-column="startTime"]')).toHaveText('2026-12-01 09:30:00');

  await row.first().getByTestId('row-action-edit').click();
  await expect(dialog.getByTestId('field-startTime-date')).toHaveValue('2026-12-01');
  await expect(dialog.getByTestId('field-startTime-hours')).toHaveValue('09');
  await expect(dialog.getByTestId('field-startTime-minutes')).toHaveValue('30');
  await expect(dialog.getByTestId('field-endTime-hours')).toHaveValue('11');
  await dialog.getByTestId('field-examName').fill('日期往返测验（改）');
  await page.getByTestId('sys-exam-form-submit').click();
  await expect(dialog).toBeHidden();
  await expect(row.locator('td[data-column="examName"]')).toHaveText('日期往返测验（改）');
  await expect(row.locator('td[data-column="startTime"]')).toHaveText('2026-12-01 09:30:00');
  await expect(row.locator('td[data-column="endTime"]')).toHaveText('2026-12-01 11:00:00');
});

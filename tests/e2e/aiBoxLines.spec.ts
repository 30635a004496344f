import { expect, logIn, test } from './support';

/**
 * 通道划线 in Chromium: from the camera-box list, a person draws a counting line on an empty channel with the mouse,
 * turns it to 出, saves, and finds it again on reopening; dragging a point moves it. Uses the demo's third box's
 * second channel (收银区), which no other spec reads.
 */
test('draws, saves and reopens a counting line on a camera channel', async ({ page }) => {
  await logIn(page, 'admin', 'admin123', '1', { to: '/shopManage/aiBox' });
  const row = page.locator('tbody tr').filter({ hasText: '门口客流盒子3号' });
  await row.getByTestId('row-action-lines').click();
  await expect(page).toHaveURL(/\/shopManage\/aiBoxLines\?aiBoxId=\d+/);
  await page.getByTestId('ai-box-lines-channels').getByText('通道2 · 收银区').click();
  await expect(page.getByText('这个通道还没有划线')).toBeVisible();

  const canvas = page.getByTestId('ai-box-lines-canvas');
  const box = (await canvas.boundingBox())!;
  await page.getByTestId('ai-box-lines-add').click();
  await page.mouse.click(box.x + box.width * 0.2, box.y + box.height * 0.5);
  await page.mouse.click(box.x + box.width * 0.8, box.y + box.height * 0.5);
  await page.getByTestId('ai-box-lines-finish').click();
  const table = page.getByTestId('ai-box-lines-table');
  await expect(table.getByLabel('划线名称')).toHaveValue('划线1');
  await table.getByLabel('划线名称').fill('收银出口');
  await table.getByText('出', { exact: true }).click();
  // Drag the second point down: the line slants.
  const end = page.getByTestId('ai-box-line-0-point-1');
  const at = (await end.boundingBox())!;
  await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
  await page.mouse.down();
  await page.mouse.move(at.x + at.width / 2, box.y + box.height * 0.75, { steps: 5 });
  await page.mouse.up();
  await page.getByTestId('ai-box-lines-save').click();
  await expect(page.getByText('已保存 1 条划线，下发到盒子后生效')).toBeVisible();

  await page.reload();
  await page.getByTestId('ai-box-lines-channels').getByText('通道2 · 收银区').click();
  await expect(page.getByTestId('ai-box-lines-table').getByLabel('划线名称')).toHaveValue('收银出口');
  await expect(page.getByTestId('ai-box-line-0')).toContainText('收银出口（出）');
  const [p0, p1] = [await page.getByTestId('ai-box-line-0-point-0').boundingBox(), await page.getByTestId('ai-box-line-0-point-1').boundingBox()];
  expect(p1!.y - p0!.y).toBeGreaterThan(box.height * 0.15);
});

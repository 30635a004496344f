import { expect, test, type Page } from '@playwright/test';

/**
 * The print-template designer (issue 5) end to end against the real server: palette drops of every
 * element type, property editing, undo/redo, the table design menu, save and reload, print preview
 * with the paginator's red messages, and an image snapshot of a reference template.
 */

test.use({ viewport: { width: 1600, height: 1000 } });

async function openNewTemplate(page: Page) {
  await page.goto('/login');
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill('admin123');
  const tenantField = page.getByTestId('login-tenant');
  if (await tenantField.count()) await tenantField.fill('1');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/home\/index$/);
  await page.goto('/storageManage/sysPrintTem?id=new');
  await expect(page.getByTestId('design-paper')).toBeVisible();
}

/** Drag a palette item so that its top-left lands (x, y) CSS px inside the paper. */
async function drop(page: Page, type: string, x: number, y: number) {
  const item = (await page.getByTestId(`palette-${type}`).boundingBox())!;
  const paper = (await page.getByTestId('design-paper').boundingBox())!;
  await page.mouse.move(item.x + 5, item.y + 5);
  await page.mouse.down();
  await page.mouse.move(item.x + 25, item.y + 25, { steps: 4 });
  await page.mouse.move(paper.x + x + 5, paper.y + y + 5, { steps: 12 });
  await page.mouse.up();
}

const elements = (page: Page) => page.getByTestId('design-element');
const style = (page: Page, index: number, prop: string) =>
  elements(page).nth(index).evaluate((el, p) => (el as HTMLElement).style.getPropertyValue(p), prop);

/** Pick an option of a Mantine select by its visible label. */
async function choose(page: Page, testId: string, label: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

const TYPES = ['text', 'longText', 'table', 'image', 'html', 'hline', 'vline', 'rect', 'oval', 'barcode', 'qrcode'];

test('every element type drops onto the panel where it was released, snapped to 3 pt', async ({ page }) => {
  await openNewTemplate(page);
  for (const [i, type] of TYPES.entries()) {
    // a column of drops; 40 px = 30 pt
    await drop(page, type, 40 + (i % 2) * 380, 40 + Math.floor(i / 2) * 150);
    await expect(elements(page)).toHaveCount(i + 1);
    await expect(elements(page).nth(i)).toHaveAttribute('data-type', type);
  }
  expect(await style(page, 0, 'left')).toBe('30pt');
  expect(await style(page, 0, 'top')).toBe('30pt');
  // the settings panel follows the last drop
  await expect(page.getByTestId('settings-title')).toContainText('二维码');
  // codes render as vector SVG
  await expect(elements(page).nth(9).locator('svg')).toHaveCount(1);
  await expect(elements(page).nth(10).locator('svg')).toHaveCount(1);
});

test('properties: dropdowns apply at once, typed values on confirm, empty means default', async ({ page }) => {
  await openNewTemplate(page);
  await drop(page, 'text', 40, 40);
  await expect(page.getByTestId('settings-title')).toContainText('文本');
  await page.getByTestId('settings-tab-style').click();
  await choose(page, 'prop-fontSize', '12pt');
  expect(await style(page, 0, 'font-size')).toBe('12pt');
  await choose(page, 'prop-textAlign', '居中');
  expect(await style(page, 0, 'text-align')).toBe('center');

  await page.getByTestId('settings-tab-basic').click();
  await page.getByTestId('prop-title').fill('单据编号');
  await page.getByTestId('prop-field').fill('orderNo');
  await page.getByTestId('prop-testData').fill('DB20261121001');
  await expect(elements(page).first()).not.toContainText('单据编号');
  await page.getByTestId('settings-confirm').click();
  await expect(elements(page).first()).toHaveText('单据编号：DB20261121001');

  // position pair with the sync lock: one value typed goes into both
  await page.getByTestId('prop-coordinate-sync').click();
  await page.getByTestId('prop-coordinate-left').fill('60');
  await page.getByTestId('settings-confirm').click();
  expect(await style(page, 0, 'left')).toBe('60pt');
  expect(await style(page, 0, 'top')).toBe('60pt');

  // clearing a dropdown returns to the default (property unset)
  await page.getByTestId('settings-tab-style').click();
  await page.getByTestId('prop-fontSize').hover();
  await page.locator('[data-prop="fontSize"] button').click();
  expect(await style(page, 0, 'font-size')).toBe('9pt');
});

test('undo and redo walk the history; arrows move the box-selected group by 1.5 pt', async ({ page }) => {
  await openNewTemplate(page);
  await drop(page, 'rect', 40, 40);
  await drop(page, 'oval', 240, 40);
  await expect(elements(page)).toHaveCount(2);
  // rubber band around both
  const paper = (await page.getByTestId('design-paper').boundingBox())!;
  await page.mouse.move(paper.x + 10, paper.y + 10);
  await page.mouse.down();
  await page.mouse.move(paper.x + 500, paper.y + 300, { steps: 8 });
  await page.mouse.up();
  await expect(page.locator('[data-testid="design-element"][data-selected="true"]')).toHaveCount(2);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  expect(await style(page, 0, 'left')).toBe('31.5pt');
  expect(await style(page, 1, 'top')).toBe('31.5pt');
  await page.keyboard.press('Control+z');
  expect(await style(page, 1, 'top')).toBe('30pt');
  await page.keyboard.press('Control+Shift+z');
  expect(await style(page, 1, 'top')).toBe('31.5pt');
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  await expect(elements(page)).toHaveCount(1);
  await page.getByTestId('designer-redo').click();
  await expect(elements(page)).toHaveCount(2);

  // dragging an element snaps to 3 pt; copy and paste adds an offset copy
  await elements(page).first().click();
  const box = (await elements(page).first().boundingBox())!;
  await page.mouse.move(box.x + 10, box.y + 10);
  await page.mouse.down();
  await page.mouse.move(box.x + 30, box.y + 10, { steps: 6 });
  await page.mouse.move(box.x + 31, box.y + 10, { steps: 2 });
  await page.mouse.up();
  expect(await style(page, 0, 'left')).toBe('45pt');
  await page.keyboard.press('Control+c');
  await page.keyboard.press('Control+v');
  await expect(elements(page)).toHaveCount(3);
  expect(await style(page, 2, 'left')).toBe('54pt');
});

test('table design menu: cell selection, column properties, insert, merge and split with the enable rules', async ({ page }) => {
  await openNewTemplate(page);
  await drop(page, 'table', 40, 120);
  const table = elements(page).first();
  const header = (r: number, c: number) => table.locator(`th[data-cell="${r}-${c}"]`);
  await header(0, 1).click();
  await expect(page.getByTestId('settings-title')).toHaveText('数量列属性');
  await header(0, 1).click({ button: 'right' });
  const menu = page.getByTestId('context-menu-table');
  await expect(menu).toBeVisible();
  expect((await menu.boundingBox())!.width).toBe(215);
  await expect(page.getByTestId('table-menu-deleteRow')).toHaveAttribute('data-disabled', 'true');
  await expect(page.getByTestId('table-menu-mergeCells')).toHaveAttribute('data-disabled', 'true');
  await page.getByTestId('table-menu-insertColumnRight').click();
  await expect(table.locator('thead th')).toHaveCount(4);

  // a title with '#' splits into title and field
  await header(0, 2).click();
  await expect(page.getByTestId('settings-title')).toHaveText('列属性');
  await page.getByTestId('prop-title').fill('单价#price');
  await page.getByTestId('settings-confirm').click();
  await expect(header(0, 2)).toHaveText('单价');
  await expect(page.getByTestId('prop-field')).toHaveValue('price');

  // drag a range over two cells and merge them
  const a = (await header(0, 0).boundingBox())!;
  const b = (await header(0, 1).boundingBox())!;
  await page.mouse.move(a.x + 5, a.y + 5);
  await page.mouse.down();
  await page.mouse.move(b.x + 10, b.y + 5, { steps: 5 });
  await page.mouse.up();
  await expect(table.locator('th[data-selected="true"]')).toHaveCount(2);
  await header(0, 0).click({ button: 'right' });
  await expect(page.getByTestId('table-menu-mergeCells')).toHaveAttribute('data-disabled', 'false');
  await page.getByTestId('table-menu-mergeCells').click();
  await expect(table.locator('thead th')).toHaveCount(3);
  await expect(header(0, 0)).toHaveAttribute('colspan', '2');
  await header(0, 0).click({ button: 'right' });
  await expect(page.getByTestId('table-menu-splitCells')).toHaveAttribute('data-disabled', 'false');
  await page.getByTestId('table-menu-insertRowBelow').click();
  await expect(table.locator('thead tr')).toHaveCount(2);
  await header(1, 0).click({ button: 'right' });
  await expect(page.getByTestId('table-menu-deleteRow')).toHaveAttribute('data-disabled', 'false');
  await page.getByTestId('table-menu-deleteRow').click();
  await expect(table.locator('thead tr')).toHaveCount(1);
});

test('print preview shows the paginated pages, and the red message when nothing fits', async ({ page }) => {
  await openNewTemplate(page);
  await drop(page, 'text', 40, 40);
  await drop(page, 'table', 40, 120);
  await page.getByTestId('settings-tab-basic').click();
  const rows = Array.from({ length: 120 }, (_, i) => ({ name: `商品${i + 1}`, qty: i + 1, amount: (i + 1) * 2 }));
  await page.getByTestId('prop-testData').fill(JSON.stringify(rows));
  await page.getByTestId('settings-confirm').click();
  await page.getByTestId('designer-preview').click();
  const pages = page.getByTestId('print-page');
  await expect(page.getByTestId('preview-page-count')).toHaveText('共 3 页');
  await expect(pages).toHaveCount(3);
  await expect(pages.first()).toContainText('商品1');
  await expect(pages.nth(2)).toContainText('商品120');
  await expect(pages.nth(1).getByTestId('paper-number')).toHaveText('2-3');
  await page.keyboard.press('Escape');

  // header and footer lines 12 pt apart: no table row fits
  await page.getByTestId('design-paper').click({ position: { x: 700, y: 1000 } });
  await page.getByTestId('settings-tab-advanced').click();
  await page.getByTestId('prop-paperHeader').fill('300');
  await page.getByTestId('prop-paperFooter').fill('312');
  await page.getByTestId('settings-confirm').click();
  await page.getByTestId('designer-preview').click();
  await expect(page.getByTestId('pagination-error').first()).toContainText('Not enough space');
  await expect(page.getByTestId('pagination-error').first()).toHaveCSS('color', 'rgb(224, 49, 49)');
});

test('a template is saved, listed, reopened as saved, duplicated and deleted', async ({ page }) => {
  await openNewTemplate(page);
  await drop(page, 'text', 40, 40);
  await page.getByTestId('prop-title').fill('调拨单号');
  await page.getByTestId('settings-confirm').click();
  await drop(page, 'table', 40, 120);
  await drop(page, 'barcode', 500, 40);
  // name and business type are required
  await page.getByTestId('designer-save').click();
  await expect(page.getByTestId('designer-error')).toContainText('模板名称');
  const name = `调拨单模板-${Date.now()}`;
  await page.getByTestId('designer-name').fill(name);
  await page.getByTestId('designer-business-type').click();
  await page.getByRole('option').first().click();
  await page.getByTestId('designer-save').click();
  await expect(page).toHaveURL(/\?id=\d+$/);

  // reload: the stored template comes back as designed
  await page.reload();
  await expect(elements(page)).toHaveCount(3);
  await expect(elements(page).first()).toHaveText('调拨单号');
  expect(await style(page, 2, 'left')).toBe('375pt');
  await expect(page.getByTestId('designer-name')).toHaveValue(name);
  // history starts afresh with the loaded template
  await expect(page.getByTestId('designer-undo')).toBeDisabled();

  await page.getByTestId('designer-back').click();
  await expect(page.getByTestId('template-table')).toContainText(name);
  await page.getByTestId(`template-copy-${name}`).click();
  await expect(page.getByTestId('template-table')).toContainText(`${name}-副本`);
  await page.getByTestId(`template-delete-${name}-副本`).click();
  await page.getByTestId('template-delete-confirm').click();
  await expect(page.getByTestId('template-table')).not.toContainText(`${name}-副本`);
  await page.getByTestId(`template-edit-${name}`).click();
  await expect(elements(page)).toHaveCount(3);
});

test('reference template looks the same in print preview (image snapshot)', async ({ page }) => {
  await openNewTemplate(page);
  await drop(page, 'text', 40, 40);
  await page.getByTestId('prop-testData').fill('DB-0001');
  await page.getByTestId('prop-field').fill('orderNo');
  await page.getByTestId('settings-confirm').click();
  await drop(page, 'rect', 40, 90);
  await drop(page, 'hline', 200, 90);
  await drop(page, 'oval', 320, 90);
  await drop(page, 'barcode', 440, 90);
  await drop(page, 'qrcode', 680, 60);
  await drop(page, 'table', 40, 240);
  // No transitions: the preview modal must not be caught mid-way (a busy machine stalls its animation
  // long enough for two equal box readings).
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  await page.getByTestId('designer-preview').click();
  const first = page.getByTestId('print-page').first();
  await expect(first).toBeVisible();
  // take the page's box once it stops moving
  let box = (await first.boundingBox())!;
  await expect.poll(async () => {
    const now = (await first.boundingBox())!;
    const still = now.x === box.x && now.y === box.y;
    box = now;
    return still;
  }, { intervals: [250] }).toBe(true);
  // the top of the first page (the part holding the elements), at a fixed viewport. Taken with Debian's
  // fonts-noto-cjk (installed by .ci/run and ensure-chromium.mjs): Chinese drawn as boxes differs in
  // about 700 pixels, so the tolerance stays well below that (two runs here differ in none).
  await expect(page).toHaveScreenshot('designer-reference.png', {
    clip: { x: box.x, y: box.y, width: box.width, height: 460 }, animations: 'disabled', maxDiffPixels: 100,
  });
});

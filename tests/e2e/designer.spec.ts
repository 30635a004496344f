import { type Page } from '@playwright/test';
import { expect, logIn, test } from './support';

/**
 * The print-template designer (issue 5) end to end against the real server: palette drops of every
 * element type, property editing, undo/redo, the table design menu, save and reload, print preview
 * with the paginator's red messages, and an image snapshot of a reference template.
 */

test.use({ viewport: { width: 1600, height: 1000 } });

async function openNewTemplate(page: Page) {
  await logIn(page, 'admin', 'admin123', '1', { to: '/storageManage/sysPrintTem?id=new' });
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

test('element context menu: copy, paste, layer and delete on the right-clicked element', async ({ page }) => {
  await openNewTemplate(page);
  await drop(page, 'rect', 40, 40);
  await drop(page, 'oval', 240, 40);
  await expect(elements(page)).toHaveCount(2);
  // icons are drawn (SVG), not emoji a font may lack
  await expect(page.getByTestId('palette-icon-image').locator('svg')).toHaveCount(1);
  await expect(page.getByTestId('prop-coordinate-sync').locator('svg')).toHaveCount(1);
  await expect(page.getByTestId('prop-widthHeight-sync').locator('svg')).toHaveCount(1);
  const item = (id: string) => page.getByTestId(`menu-${id}`);
  await elements(page).first().click();
  await elements(page).first().click({ button: 'right' });
  await expect(page.getByTestId('context-menu-element')).toBeVisible();
  await expect(item('copy')).toHaveAttribute('data-disabled', 'false');
  await expect(item('delete')).toHaveAttribute('data-disabled', 'false');
  // nothing copied yet; the rect is the bottom of the stack
  await expect(item('paste')).toHaveAttribute('data-disabled', 'true');
  await expect(item('forward')).toHaveAttribute('data-disabled', 'false');
  await expect(item('backward')).toHaveAttribute('data-disabled', 'true');
  await page.getByTestId('context-menu-element').getByText('复制', { exact: true }).click();
  await expect(page.getByTestId('context-menu-element')).toHaveCount(0);

  await elements(page).first().click({ button: 'right' });
  await expect(item('paste')).toHaveAttribute('data-disabled', 'false');
  await page.getByTestId('context-menu-element').getByText('粘贴', { exact: true }).click();
  await expect(elements(page)).toHaveCount(3);
  expect(await style(page, 2, 'left')).toBe('39pt');
  await expect(elements(page).nth(2)).toHaveAttribute('data-selected', 'true');

  // the copy is on top: it can only go down, under the oval (the selection follows it)
  await elements(page).nth(2).click({ button: 'right' });
  await expect(item('forward')).toHaveAttribute('data-disabled', 'true');
  await expect(item('backward')).toHaveAttribute('data-disabled', 'false');
  await item('backward').click();
  expect(await style(page, 1, 'left')).toBe('39pt');
  await expect(elements(page).nth(1)).toHaveAttribute('data-selected', 'true');
  await expect(elements(page).nth(2)).toHaveAttribute('data-type', 'oval');

  await elements(page).nth(1).click({ button: 'right' });
  await page.getByTestId('context-menu-element').getByText('删除', { exact: true }).click();
  await expect(elements(page)).toHaveCount(2);
  expect(await style(page, 0, 'left')).toBe('30pt');
  await expect(elements(page).nth(1)).toHaveAttribute('data-type', 'oval');
});

test('返回列表 asks before dropping unsaved changes; 取消 stays, 离开 leaves; closing the tab warns', async ({ page }) => {
  await openNewTemplate(page);
  // nothing changed: back to the list at once
  await page.getByTestId('designer-back').click();
  await expect(page.getByTestId('template-list')).toBeVisible();
  await page.getByTestId('template-create').click();
  await expect(page.getByTestId('design-paper')).toBeVisible();

  await drop(page, 'text', 40, 40);
  await expect(elements(page)).toHaveCount(1);
  await page.getByTestId('designer-back').click();
  const question = page.getByRole('dialog');
  await expect(question).toContainText('模板有未保存的修改，确定离开吗？');
  await question.getByRole('button', { name: '取消' }).click();
  await expect(question).toHaveCount(0);
  await expect(elements(page)).toHaveCount(1);
  await expect(page).toHaveURL(/\?id=new$/);

  // the browser asks too when the tab is closed
  const unload = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await unload;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  await expect(elements(page)).toHaveCount(1);

  await page.getByTestId('designer-back').click();
  await question.getByRole('button', { name: '离开' }).click();
  await expect(page.getByTestId('template-list')).toBeVisible();
  await expect(page).not.toHaveURL(/\?id=/);
});

test('a saved template leaves without a question until it is changed again', async ({ page }) => {
  await openNewTemplate(page);
  // a select asks to choose
  await expect(page.getByTestId('designer-business-type')).toHaveAttribute('placeholder', '请选择业务类型');
  await drop(page, 'text', 40, 40);
  await page.getByTestId('designer-name').fill(`离开测试-${Date.now()}`);
  await page.getByTestId('designer-business-type').click();
  await page.getByRole('option').first().click();
  await page.getByTestId('designer-save').click();
  await expect(page).toHaveURL(/\?id=\d+$/);
  // reopened from the server with a fresh history
  await expect(page.getByTestId('designer-undo')).toBeDisabled();
  await expect(elements(page)).toHaveCount(1);
  // saved again after a change, without reopening
  await drop(page, 'rect', 40, 120);
  await expect(elements(page)).toHaveCount(2);
  const edited = page.waitForResponse((r) => r.url().includes('/edit/') && r.request().method() === 'PUT');
  await page.getByTestId('designer-save').click();
  expect((await edited).ok()).toBe(true);
  await expect(elements(page)).toHaveCount(2);
  await page.getByTestId('designer-back').click();
  await expect(page.getByTestId('template-list')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
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
  // the alignment buttons sit four to a row, each label on one line (as tall as a one-line entry)
  const line = (await page.getByTestId('table-menu-deleteRow').boundingBox())!.height;
  for (const row of [['align-left', 'align-center', 'align-right', 'align-default'], ['valign-top', 'valign-middle', 'valign-bottom', 'valign-default']]) {
    const boxes = await Promise.all(row.map(async (id) => (await page.getByTestId(`table-menu-${id}`).boundingBox())!));
    for (const b of boxes) {
      expect(b.height).toBe(line);
      expect(b.y).toBe(boxes[0].y);
    }
  }
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
  // The list's pager speaks Chinese inside the designer's own i18n too (no raw common.* keys).
  await expect(page.getByTestId('template-table-total')).toHaveText(/^共 \d+ 条$/);
  await expect(page.getByTestId('template-table')).not.toContainText('common.');
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

test('every panel is drawn; only the active one is editable, a click on another makes it the one being edited', async ({ page }) => {
  await openNewTemplate(page);
  await drop(page, 'text', 40, 40);
  await page.getByTestId('panel-tab-add').click();
  // panel 2 is edited now; panel 1 stays visible, dimmed and read-only
  await expect(page.getByTestId('panel-caption-1')).toContainText('编辑中');
  await expect(page.getByTestId('panel-caption-0')).toContainText('只读');
  await expect(elements(page)).toHaveCount(0);
  const readonly = page.getByTestId('panel-readonly');
  await expect(readonly).toHaveCount(1);
  await expect(readonly.getByTestId('readonly-element')).toHaveCount(1);
  await expect(readonly.locator('div[style*="opacity"]').first()).toHaveCSS('opacity', '0.55');
  // each paper shows its own number in the chain of continuing panels, read-only or not
  await expect(readonly.locator('.wxy-paper-number')).toHaveText('1-2');
  await expect(page.getByTestId('design-paper').locator('.wxy-paper-number')).toHaveText('2-2');
  // The second paper may still be settling below the first one on a loaded machine: drop again only if nothing landed.
  await expect(async () => {
    if ((await elements(page).count()) === 0) await drop(page, 'rect', 60, 60);
    await expect(elements(page)).toHaveCount(1, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(elements(page).first()).toHaveAttribute('data-type', 'rect');

  // clicking the read-only panel (even on its element) selects the panel, not the element
  await readonly.getByTestId('readonly-element').scrollIntoViewIfNeeded();
  const shown = (await readonly.getByTestId('readonly-element').boundingBox())!;
  await page.mouse.click(shown.x + 5, shown.y + 5);
  await expect(page.getByTestId('panel-caption-0')).toContainText('编辑中');
  await expect(page.getByTestId('panel-caption-1')).toContainText('只读');
  await expect(page.getByTestId('panel-tab-0')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('settings-title')).toContainText('面板 1');
  await expect(elements(page)).toHaveCount(1);
  await expect(elements(page).first()).toHaveAttribute('data-type', 'text');
  await expect(page.getByTestId('panel-readonly').getByTestId('readonly-element')).toHaveAttribute('data-type', 'rect');
  await expect(page.getByTestId('panel-readonly').locator('.wxy-paper-number')).toHaveText('2-2');
});

test('fields come from the business type as a dropdown that also takes any typed name; fonts from the host list', async ({ page }) => {
  await openNewTemplate(page);
  await page.getByTestId('designer-business-type').click();
  await page.getByRole('option', { name: '调拨单', exact: true }).click();
  await drop(page, 'text', 40, 40);
  await page.getByTestId('prop-field').click();
  await expect(page.getByTestId('field-option-allocationNo')).toContainText('调拨单号');
  await expect(page.getByTestId('field-option-retailPrice')).toHaveCount(0);
  // search matches the Chinese text too
  // (the fields of a document type are its descriptor's: 调拨单 is wh-allocation)
  await page.getByTestId('prop-field').fill('调入仓库名');
  await expect(page.getByTestId('field-option-inWhName')).toBeVisible();
  await expect(page.getByTestId('field-option-allocationNo')).toHaveCount(0);
  await page.getByTestId('field-option-inWhName').click();
  // a picked field applies at once (undoable), with its text shown under the input
  await expect(page.getByTestId('prop-field')).toHaveValue('inWhName');
  await expect(page.locator('[data-prop="field"]')).toContainText('调入仓库名称');
  await expect(page.getByTestId('designer-undo')).toBeEnabled();
  await page.getByTestId('prop-testData').fill('一号仓');
  await page.getByTestId('settings-confirm').click();
  await expect(elements(page).first()).toContainText('一号仓');
  // a name not in the list is kept as typed
  await page.getByTestId('prop-field').fill('myOwnField');
  await page.getByTestId('settings-confirm').click();
  await elements(page).first().click();
  await expect(page.getByTestId('prop-field')).toHaveValue('myOwnField');
  await expect(page.locator('[data-prop="field"]')).toContainText('自定义字段');

  // another business type, another list
  await page.getByTestId('designer-business-type').click();
  await page.getByRole('option', { name: '价签', exact: true }).click();
  await page.getByTestId('prop-field').fill('');
  await expect(page.getByTestId('field-option-retailPrice')).toContainText('零售价');

  await page.getByTestId('settings-tab-style').click();
  await page.getByTestId('prop-fontFamily').click();
  for (const font of ['宋体', '微软雅黑', '黑体', '楷体']) await expect(page.getByRole('option', { name: font, exact: true })).toBeVisible();
  await page.getByRole('option', { name: '黑体', exact: true }).click();
  expect(await style(page, 0, 'font-family')).toBe('SimHei');
});

/** A w x h px PNG drawn in the page. */
async function pngOf(page: Page, w: number, h: number): Promise<Buffer> {
  const url = await page.evaluate(([width, height]) => {
    const c = document.createElement('canvas');
    c.width = width;
    c.height = height;
    const g = c.getContext('2d')!;
    g.fillStyle = '#d9480f';
    g.fillRect(0, 0, width, height);
    return c.toDataURL('image/png');
  }, [w, h]);
  return Buffer.from(url.split(',')[1], 'base64');
}

test('image chooser uploads to the file server and the auto-size modes size the element from the uploaded picture', async ({ page }) => {
  await openNewTemplate(page);
  await drop(page, 'image', 40, 40);
  const png = await pngOf(page, 40, 20);
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('prop-src-choose').click();
  await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  // referenced by the file service's link, not embedded
  await expect(page.getByTestId('prop-src')).toHaveValue(/^\/api\/wxy-file-server\/video\/downSeeding\?/);
  // the app's upload queue lists it without covering the settings buttons, and folds itself once all are done
  const queue = page.getByTestId('upload-queue');
  await expect(queue).toBeVisible();
  await page.getByTestId('settings-confirm').click({ trial: true, timeout: 3000 });
  await page.getByTestId('settings-delete').click({ trial: true, timeout: 3000 });
  await expect(queue.getByTestId('upload-item')).toBeHidden({ timeout: 15_000 });
  await expect(queue.getByTestId('upload-remaining')).toHaveText('剩余 0 个');
  const img = elements(page).first().locator('img');
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(40);

  // real size: 40 x 20 px = 30 x 15 pt
  await choose(page, 'prop-src-size-mode', '原始大小');
  await page.getByTestId('prop-src-refresh').click();
  await expect.poll(() => style(page, 0, 'width')).toBe('30pt');
  expect(await style(page, 0, 'height')).toBe('15pt');
  // fit height: keep 15 pt high -> 30 pt wide; after a typed height of 25 pt -> 50 pt wide
  await page.getByTestId('prop-widthHeight-height').fill('25');
  await page.getByTestId('settings-confirm').click();
  await choose(page, 'prop-src-size-mode', '适应高度');
  await page.getByTestId('prop-src-refresh').click();
  await expect.poll(() => style(page, 0, 'width')).toBe('50pt');
  // auto by aspect inside a 50 x 25 box stays 50 x 25; fit width of 50 pt -> 25 pt high
  await choose(page, 'prop-src-size-mode', '适应宽度');
  await page.getByTestId('prop-src-refresh').click();
  await expect.poll(() => style(page, 0, 'height')).toBe('25pt');

  // an odd size rounds to 0.1 pt: 33 x 7 px real size = 24.75 x 5.25 pt -> 24.8 x 5.3
  const odd = await pngOf(page, 33, 7);
  await choose(page, 'prop-src-size-mode', '原始大小');
  const again = page.waitForEvent('filechooser');
  await page.getByTestId('prop-src-choose').click();
  await (await again).setFiles({ name: 'odd.png', mimeType: 'image/png', buffer: odd });
  await expect.poll(() => style(page, 0, 'width')).toBe('24.8pt');
  expect(await style(page, 0, 'height')).toBe('5.3pt');
});

test('image chooser falls back to an embedded picture when the upload fails', async ({ page }) => {
  await openNewTemplate(page);
  await drop(page, 'image', 40, 40);
  await page.route('**/wxy-file-server/file/upload', (route) => route.abort());
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('prop-src-choose').click();
  await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await pngOf(page, 12, 12) });
  await expect(page.getByTestId('prop-src')).toHaveValue(/^data:image\/png;base64,/);
});

test('columns list: drag to reorder with grouped header rows; a move that would cut a merged cell is refused', async ({ page }) => {
  await openNewTemplate(page);
  await drop(page, 'table', 40, 120);
  const table = elements(page).first();
  const header = (r: number, c: number) => table.locator(`th[data-cell="${r}-${c}"]`);
  // group 名称 + 数量 under a merged top cell: insert a row above, merge its first two cells
  await header(0, 0).click({ button: 'right' });
  await page.getByTestId('table-menu-insertRowAbove').click();
  for (const [c, title] of [[0, '商品'], [1, '删'], [2, '其他']] as const) {
    await header(0, c).click();
    await page.getByTestId('prop-title').fill(title);
    await page.getByTestId('settings-confirm').click();
  }
  const a = (await header(0, 0).boundingBox())!;
  const b = (await header(0, 1).boundingBox())!;
  await page.mouse.move(a.x + 5, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + 10, b.y + b.height / 2, { steps: 5 });
  await page.mouse.up();
  await header(0, 0).click({ button: 'right' });
  await page.getByTestId('table-menu-mergeCells').click();
  await expect(header(0, 0)).toHaveAttribute('colspan', '2');
  const topTitles = () => table.locator('thead tr').first().locator('th').allInnerTexts();
  const bodyTitles = () => table.locator('thead tr').nth(1).locator('th').allInnerTexts();
  await expect.poll(topTitles).toEqual(['商品', '其他']);
  await expect.poll(bodyTitles).toEqual(['名称', '数量', '金额']);

  // the table's columns list
  await page.getByTestId('design-paper').click({ position: { x: 700, y: 1000 } });
  await table.scrollIntoViewIfNeeded();
  const box = (await table.boundingBox())!;
  await page.mouse.click(box.x + 5, box.y + box.height - 4);
  await expect(page.getByTestId('settings-title')).toContainText('表格');
  await page.getByTestId('settings-tab-column').click();
  const dragOnto = async (from: string, to: string) => {
    const handle = page.getByTestId(`column-drag-${from}`);
    await handle.hover();
    const s = (await handle.boundingBox())!;
    const t = (await page.getByTestId(`column-drag-${to}`).boundingBox())!;
    await page.mouse.down();
    await page.mouse.move(s.x + s.width / 2, s.y + s.height / 2 + 8, { steps: 4 });
    await page.mouse.move(t.x + s.width / 2, t.y + t.height / 2, { steps: 10 });
    await page.mouse.up();
  };
  // inside the group: 数量 before 名称
  await dragOnto('数量', '名称');
  await expect.poll(bodyTitles).toEqual(['数量', '名称', '金额']);
  await expect(page.getByTestId('columns-move-error')).toHaveCount(0);
  // 名称 out of its group (after 金额) would cut the merged 商品: refused, header unchanged
  await dragOnto('名称', '金额');
  await expect(page.getByTestId('columns-move-error')).toContainText('合并');
  await expect.poll(bodyTitles).toEqual(['数量', '名称', '金额']);
  // a top-row cell takes its columns along: 其他 before the group 商品
  await dragOnto('其他', '商品');
  await expect.poll(topTitles).toEqual(['其他', '商品']);
  await expect(header(0, 1)).toHaveAttribute('colspan', '2');
  await expect.poll(bodyTitles).toEqual(['金额', '数量', '名称']);
  await expect(page.getByTestId('columns-move-error')).toHaveCount(0);
});

test('panel layout options: the preview lays a panel\'s pages side by side with the gaps set', async ({ page }) => {
  await openNewTemplate(page);
  await drop(page, 'table', 40, 120);
  await page.getByTestId('settings-tab-basic').click();
  const rows = Array.from({ length: 80 }, (_, i) => ({ name: `商品${i + 1}`, qty: i + 1, amount: i }));
  await page.getByTestId('prop-testData').fill(JSON.stringify(rows));
  await page.getByTestId('settings-confirm').click();
  await page.getByTestId('design-paper').click({ position: { x: 700, y: 1000 } });
  await page.getByTestId('settings-tab-style').click();
  await choose(page, 'prop-layoutType', '横向排列');
  await page.getByTestId('prop-layoutColumnGap').fill('10');
  await page.getByTestId('settings-confirm').click();
  await page.getByTestId('designer-preview').click();
  const pages = page.getByTestId('print-page');
  await expect(pages).toHaveCount(2);
  const boxes = async () => [(await pages.nth(0).boundingBox())!, (await pages.nth(1).boundingBox())!];
  // side by side once the modal has settled; 10 mm = 37.8 px between the papers
  await expect.poll(async () => { const [p1, p2] = await boxes(); return Math.round(p2.y - p1.y); }).toBe(0);
  const [p1, p2] = await boxes();
  expect(p2.x - (p1.x + p1.width)).toBeCloseTo(37.8, 0);
  await page.keyboard.press('Escape');

  // back to one under the other
  await choose(page, 'prop-layoutType', '纵向排列');
  await page.getByTestId('designer-preview').click();
  await expect.poll(async () => { const [q1, q2] = await boxes(); return Math.round(q2.x - q1.x); }).toBe(0);
  const [q1, q2] = await boxes();
  expect(q2.y).toBeGreaterThan(q1.y + q1.height);
  expect(Math.abs(q2.x - q1.x)).toBeLessThan(2);
});

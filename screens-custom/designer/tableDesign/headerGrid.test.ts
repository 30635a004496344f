import { describe, expect, it } from 'vitest';
import type { TableColumn } from '../../../core/print/template/index.ts';
import {
  alignCells, deleteColumn, deleteRow, fromGrid, insertColumn, insertRow, menuState, mergeCells, moveColumnBlock, resizeColumns,
  splitCells, splitTitleField, toGrid, withWidths,
} from './headerGrid.ts';

const three: TableColumn[][] = [[
  { title: '名称', field: 'name', width: 200 },
  { title: '数量', field: 'qty', width: 100 },
  { title: '金额', field: 'amount', width: 250 },
]];
const at = (r: number, c: number) => ({ r0: r, c0: c, r1: r, c1: c });
const titles = (rows: TableColumn[][]) => rows.map((r) => r.map((c) => `${c.title}${c.colspan ? `/c${c.colspan}` : ''}${c.rowspan ? `/r${c.rowspan}` : ''}`));
const totalWidth = (rows: TableColumn[][]) => rows[0].reduce((a, c) => a + (c.width ?? 0), 0);

describe('header grid', () => {
  it('round-trips rows with spans', () => {
    const rows: TableColumn[][] = [
      [{ title: '商品', colspan: 2, width: 300 }, { title: '金额', rowspan: 2, width: 250 }],
      [{ title: '名称', width: 200 }, { title: '数量', width: 100 }],
    ];
    const grid = toGrid(rows);
    expect(grid.widths).toEqual([200, 100, 250]);
    expect(fromGrid(grid)).toEqual(rows);
  });

  it('inserts rows above/below and widens cells spanning the new row', () => {
    const below = insertRow(three, at(0, 1), 'below');
    expect(titles(below)).toEqual([['名称', '数量', '金额'], ['', '', '']]);
    const merged = mergeCells(below, { r0: 0, c0: 0, r1: 1, c1: 0 });
    expect(titles(merged)).toEqual([['名称/r2', '数量', '金额'], ['', '']]);
    const again = insertRow(merged, at(0, 1), 'below');
    expect(titles(again)).toEqual([['名称/r3', '数量', '金额'], ['', ''], ['', '']]);
    expect(titles(insertRow(three, at(0, 0), 'above'))).toEqual([['', '', ''], ['名称', '数量', '金额']]);
  });

  it('inserts columns left/right, keeping the table width', () => {
    const left = insertColumn(three, at(0, 1), 'left');
    expect(titles(left)).toEqual([['名称', '', '数量', '金额']]);
    expect(left[0].map((c) => c.width)).toEqual([200, 50, 50, 250]);
    const right = insertColumn(three, at(0, 2), 'right');
    expect(titles(right)).toEqual([['名称', '数量', '金额', '']]);
    expect(totalWidth(right)).toBe(550);
  });

  it('deletes rows and columns with the enable rules of §5', () => {
    expect(menuState(three, at(0, 0)).deleteRow).toBe(false);
    expect(deleteRow(three, at(0, 0))).toEqual(three);
    const two = insertRow(three, at(0, 0), 'below');
    expect(titles(deleteRow(two, at(0, 0)))).toEqual([['', '', '']]);
    const cut = deleteColumn(three, at(0, 1));
    expect(titles(cut)).toEqual([['名称', '金额']]);
    expect(totalWidth(cut)).toBe(550);
    const one: TableColumn[][] = [[{ title: 'a', width: 100 }]];
    expect(menuState(one, at(0, 0)).deleteColumn).toBe(false);
  });

  it('merges only multi-cell selections and splits only spanning cells', () => {
    expect(menuState(three, at(0, 0))).toMatchObject({ mergeCells: false, splitCells: false });
    expect(menuState(three, { r0: 0, c0: 0, r1: 0, c1: 1 })).toMatchObject({ mergeCells: true, splitCells: false });
    const merged = mergeCells(three, { r0: 0, c0: 1, r1: 0, c1: 0 });
    expect(titles(merged)).toEqual([['名称/c2', '金额']]);
    expect(merged[0][0].width).toBe(300);
    expect(menuState(merged, at(0, 1))).toMatchObject({ mergeCells: false, splitCells: true });
    const split = splitCells(merged, at(0, 0));
    expect(titles(split)).toEqual([['名称', '', '金额']]);
    // a merged cell stores one width; split shares it out evenly
    expect(split[0].map((c) => c.width)).toEqual([150, 150, 250]);
    expect(menuState(null as never, null).mergeCells).toBe(false);
  });

  it('aligns cells horizontally and vertically; default removes the setting', () => {
    const aligned = alignCells(three, { r0: 0, c0: 0, r1: 0, c1: 1 }, { horizontal: 'center', vertical: 'bottom' });
    expect(aligned[0].map((c) => [c.align, c.vAlign])).toEqual([['center', 'bottom'], ['center', 'bottom'], [undefined, undefined]]);
    const reset = alignCells(aligned, at(0, 0), { horizontal: 'default' });
    expect(reset[0][0].align).toBeUndefined();
    expect(reset[0][0].vAlign).toBe('bottom');
  });

  it('column resize never makes a neighbour narrower than 10 pt', () => {
    expect(resizeColumns([200, 100, 250], 0, 30)).toEqual([230, 70, 250]);
    expect(resizeColumns([200, 100, 250], 0, 500)).toEqual([290, 10, 250]);
    expect(resizeColumns([200, 100, 250], 1, -500)).toEqual([200, 10, 340]);
    expect(resizeColumns([200, 100, 250], 2, 10)).toEqual([200, 100, 250]);
    expect(withWidths(three, [290, 10, 250])[0].map((c) => c.width)).toEqual([290, 10, 250]);
  });

  it("splits 'title#field' titles", () => {
    expect(splitTitleField('商品名称#goodsName')).toEqual({ title: '商品名称', field: 'goodsName', columnId: 'goodsName' });
    expect(splitTitleField('#goods')).toEqual({ title: '#goods' });
    expect(splitTitleField('goods#')).toEqual({ title: 'goods#' });
    expect(splitTitleField('编号')).toEqual({ title: '编号' });
  });
});

describe('moving columns with grouped header rows', () => {
  // 商品 (名称, 数量) | 金额 (rowspan 2) | 备注 (rowspan 2)
  const grouped: TableColumn[][] = [
    [{ title: '商品', colspan: 2, width: 300 }, { title: '金额', rowspan: 2, width: 250 }, { title: '备注', rowspan: 2, width: 80 }],
    [{ title: '名称', width: 200 }, { title: '数量', width: 100 }],
  ];

  it('moves a one-row column inside its group', () => {
    const moved = moveColumnBlock(grouped, 1, 1, 0);
    expect(moved.ok && titles(moved.rows)).toEqual([['商品/c2', '金额/r2', '备注/r2'], ['数量', '名称']]);
    expect(moved.ok && moved.rows[1].map((c) => c.width)).toEqual([100, 200]);
  });

  it('moves a group header together with the columns under it', () => {
    const moved = moveColumnBlock(grouped, 0, 0, 2);
    expect(moved.ok && titles(moved.rows)).toEqual([['金额/r2', '商品/c2', '备注/r2'], ['名称', '数量']]);
    const last = moveColumnBlock(grouped, 0, 3, 0);
    expect(last.ok && titles(last.rows)).toEqual([['备注/r2', '商品/c2', '金额/r2'], ['名称', '数量']]);
  });

  it('refuses a move that would cut a merged cell, leaving the header as it was', () => {
    // 数量 leaving its group 商品 would split the merged 商品 cell
    expect(moveColumnBlock(grouped, 1, 1, 2)).toEqual({ ok: false, reason: 'breaksMerge' });
    // 丙 landing before 乙 would cut the merged 二 of the row below
    const staggered: TableColumn[][] = [
      [{ title: '甲', colspan: 2, width: 200 }, { title: '乙', width: 100 }, { title: '丙', width: 100 }],
      [{ title: '一', width: 100 }, { title: '二', colspan: 2, width: 200 }, { title: '三', width: 100 }],
    ];
    expect(moveColumnBlock(staggered, 0, 3, 2)).toEqual({ ok: false, reason: 'breaksMerge' });
    expect(moveColumnBlock(staggered, 0, 0, 3)).toEqual({ ok: false, reason: 'breaksMerge' });
  });

  it('moves columns of a single header row as before', () => {
    const moved = moveColumnBlock(three, 0, 0, 2);
    expect(moved.ok && titles(moved.rows)).toEqual([['数量', '金额', '名称']]);
  });
});

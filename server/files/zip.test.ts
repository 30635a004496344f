import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { zipStored } from './zip.ts';

describe('zipStored', () => {
  it('writes a ZIP other tools read back, with UTF-8 names', async () => {
    const zip = zipStored([{ name: 'S0001_上海徐汇店.png', data: Buffer.from([1, 2, 3]) }, { name: 'b.txt', data: Buffer.from('二维码') }]);
    const read = await JSZip.loadAsync(zip);
    expect(Object.keys(read.files)).toEqual(['S0001_上海徐汇店.png', 'b.txt']);
    expect(await read.file('b.txt')!.async('string')).toBe('二维码');
    expect([...(await read.file('S0001_上海徐汇店.png')!.async('uint8array'))]).toEqual([1, 2, 3]);
  });
});

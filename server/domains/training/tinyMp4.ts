/**
 * A tiny, real H.264 (baseline) MP4 written without an encoder (pure): one IDR picture of I_PCM macroblocks (raw
 * samples) followed by one skipped P picture per second, so a <video> plays `seconds` of a still colour card and
 * can seek anywhere. The demo courses and the tests use it (no network, no ffmpeg); a 60-second card is ~13 KB.
 */

class Bits {
  private bytes: number[] = [];
  private cur = 0;
  private n = 0;
  u(value: number, width: number): this {
    for (let i = width - 1; i >= 0; i--) this.bit((value >>> i) & 1);
    return this;
  }
  bit(b: number): this {
    this.cur = (this.cur << 1) | b;
    if (++this.n === 8) this.flush();
    return this;
  }
  ue(v: number): this {
    const x = v + 1;
    const len = 32 - Math.clz32(x);
    this.u(0, len - 1);
    return this.u(x, len);
  }
  se(v: number): this {
    return this.ue(v <= 0 ? -2 * v : 2 * v - 1);
  }
  get aligned(): boolean {
    return this.n === 0;
  }
  alignZero(): this {
    while (this.n !== 0) this.bit(0);
    return this;
  }
  byte(b: number): this {
    this.bytes.push(b);
    return this;
  }
  /** rbsp_trailing_bits: a stop bit, then zeros to the byte boundary. */
  trailing(): number[] {
    this.bit(1);
    this.alignZero();
    return this.bytes;
  }
  private flush() {
    this.bytes.push(this.cur & 0xff);
    this.cur = 0;
    this.n = 0;
  }
}

/** NAL unit with emulation prevention (no 00 00 0x≤3 inside). */
function nal(refIdc: number, type: number, rbsp: number[]): Buffer {
  const out: number[] = [(refIdc << 5) | type];
  let zeros = 0;
  for (const b of rbsp) {
    if (zeros >= 2 && b <= 3) {
      out.push(3);
      zeros = 0;
    }
    out.push(b);
    zeros = b === 0 ? zeros + 1 : 0;
  }
  return Buffer.from(out);
}

const FRAME_NUM_BITS = 16;

function sps(wMbs: number, hMbs: number): Buffer {
  const b = new Bits().u(66, 8).u(0xc0, 8).u(10, 8).ue(0) // baseline, constrained, level 1.0, sps 0
    .ue(FRAME_NUM_BITS - 4).ue(2) // log2_max_frame_num, poc type 2
    .ue(1).u(0, 1) // one reference frame, no gaps
    .ue(wMbs - 1).ue(hMbs - 1)
    .u(1, 1).u(1, 1).u(0, 1).u(0, 1); // frame_mbs_only, direct_8x8, no cropping, no VUI
  return nal(3, 7, b.trailing());
}

function pps(): Buffer {
  const b = new Bits().ue(0).ue(0).u(0, 1).u(0, 1).ue(0).ue(0).ue(0).u(0, 1).u(0, 2).se(0).se(0).se(0).u(1, 1).u(0, 1).u(0, 1);
  return nal(3, 8, b.trailing());
}

/** The IDR picture: every macroblock I_PCM with the card's samples (a band across the middle, lighter). */
function idr(wMbs: number, hMbs: number, yuv: [number, number, number]): Buffer {
  const b = new Bits().ue(0).ue(7).ue(0).u(0, FRAME_NUM_BITS).ue(0) // first mb, I slice, pps, frame_num, idr_pic_id
    .u(0, 1).u(0, 1) // dec_ref_pic_marking: no_output_of_prior_pics, long_term_reference
    .se(0).ue(1); // slice_qp_delta, deblocking off
  for (let my = 0; my < hMbs; my++) {
    for (let mx = 0; mx < wMbs; mx++) {
      b.ue(25).alignZero(); // I_PCM
      const band = my > 0 && my < hMbs - 1 && mx > 0 && mx < wMbs - 1;
      for (let i = 0; i < 256; i++) b.byte(band ? Math.min(235, yuv[0] + 60) : yuv[0]);
      for (let i = 0; i < 64; i++) b.byte(yuv[1]);
      for (let i = 0; i < 64; i++) b.byte(yuv[2]);
    }
  }
  return nal(3, 5, b.trailing());
}

/** A P picture whose every macroblock is skipped: the previous picture again. */
function skipped(frameNum: number, mbs: number): Buffer {
  const b = new Bits().ue(0).ue(5).ue(0).u(frameNum % (1 << FRAME_NUM_BITS), FRAME_NUM_BITS)
    .u(0, 1).u(0, 1).u(0, 1) // no ref_idx override, no list modification, sliding window marking
    .se(0).ue(1)
    .ue(mbs); // mb_skip_run
  return nal(2, 1, b.trailing());
}

function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}
const u32 = (...v: number[]) => Buffer.concat(v.map((x) => { const b = Buffer.alloc(4); b.writeUInt32BE(x >>> 0); return b; }));
const u16 = (...v: number[]) => Buffer.concat(v.map((x) => { const b = Buffer.alloc(2); b.writeUInt16BE(x & 0xffff); return b; }));
const full = (type: string, version: number, flags: number, ...parts: Buffer[]) => box(type, u32(((version << 24) | flags) >>> 0), ...parts);
const MATRIX = u32(0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000);

/** Colours by hue name, as Y, Cb, Cr (video range). */
export const CARD_COLOURS = {
  blue: [60, 190, 110],
  green: [110, 90, 80],
  orange: [120, 70, 190],
  purple: [70, 170, 160],
} as const satisfies Record<string, readonly [number, number, number]>;

/**
 * An MP4 of `seconds` (1..3600) seconds at one picture a second, `width`x`height` pixels (multiples of 16).
 * @example writeFileSync('card.mp4', tinyMp4({ seconds: 30, colour: 'blue' }));
 */
export function tinyMp4(opts: { seconds: number; colour?: keyof typeof CARD_COLOURS; width?: number; height?: number }): Buffer {
  const seconds = Math.max(1, Math.min(3600, Math.floor(opts.seconds)));
  const width = opts.width ?? 128;
  const height = opts.height ?? 64;
  const wMbs = width / 16;
  const hMbs = height / 16;
  const colour = CARD_COLOURS[opts.colour ?? 'blue'] as unknown as [number, number, number];
  const s = sps(wMbs, hMbs);
  const p = pps();
  const frames = [idr(wMbs, hMbs, colour)];
  for (let i = 1; i < seconds; i++) frames.push(skipped(i, wMbs * hMbs));
  const samples = frames.map((f) => Buffer.concat([u32(f.length), f]));
  const timescale = 1000;
  const duration = seconds * timescale;

  const avcC = box('avcC', Buffer.from([1, 66, 0xc0, 10, 0xff, 0xe1]), u16(s.length), s, Buffer.from([1]), u16(p.length), p);
  const avc1 = box('avc1', Buffer.alloc(6), u16(1), Buffer.alloc(16), u16(width, height), u32(0x00480000, 0x00480000, 0), u16(1), Buffer.alloc(32), u16(0x18, 0xffff), avcC);
  const stbl = (offset: number) => box('stbl',
    full('stsd', 0, 0, u32(1), avc1),
    full('stts', 0, 0, u32(1, samples.length, timescale)),
    full('stss', 0, 0, u32(1, 1)),
    full('stsc', 0, 0, u32(1, 1, samples.length, 1)),
    full('stsz', 0, 0, u32(0, samples.length), ...samples.map((x) => u32(x.length))),
    full('stco', 0, 0, u32(1, offset)));
  const moov = (offset: number) => box('moov',
    full('mvhd', 0, 0, u32(0, 0, timescale, duration, 0x00010000), u16(0x0100, 0), u32(0, 0), MATRIX, Buffer.alloc(24), u32(2)),
    box('trak',
      full('tkhd', 0, 3, u32(0, 0, 1, 0, duration, 0, 0), u16(0, 0, 0, 0), MATRIX, u32(width << 16, height << 16)),
      box('mdia',
        full('mdhd', 0, 0, u32(0, 0, timescale, duration), u16(0x55c4, 0)),
        full('hdlr', 0, 0, u32(0), Buffer.from('vide', 'latin1'), u32(0, 0, 0), Buffer.from('VideoHandler\0', 'latin1')),
        box('minf',
          full('vmhd', 0, 1, u16(0, 0, 0, 0)),
          box('dinf', full('dref', 0, 0, u32(1), full('url ', 0, 1))),
          stbl(offset)))));
  const ftyp = box('ftyp', Buffer.from('isom', 'latin1'), u32(512), Buffer.from('isomiso2avc1mp41', 'latin1'));
  const moovSize = moov(0).length;
  const mdatStart = ftyp.length + moovSize + 8;
  return Buffer.concat([ftyp, moov(mdatStart), box('mdat', ...samples)]);
}

// A tiny deterministic rasterizer and the egocentric clip renderer. Frames are RGB24 buffers
// piped to ffmpeg (libvpx-vp9). Same clip spec -> same frames.
import { spawn } from 'node:child_process';
import { glyph, GLYPH_H, GLYPH_W, textWidth } from './font';
import { Rng } from './prng';

export type RGB = [number, number, number];
export const WIDTH = 480;
export const HEIGHT = 270;
export const FPS = 30;

export class Canvas {
  readonly data: Uint8Array;
  constructor(readonly w: number, readonly h: number) {
    this.data = new Uint8Array(w * h * 3);
  }
  fill(c: RGB): void {
    for (let i = 0; i < this.data.length; i += 3) {
      this.data[i] = c[0];
      this.data[i + 1] = c[1];
      this.data[i + 2] = c[2];
    }
  }
  px(x: number, y: number, c: RGB): void {
    if (x < 0 || y < 0 || x >= this.w || y >= this.h) return;
    const i = (y * this.w + x) * 3;
    this.data[i] = c[0];
    this.data[i + 1] = c[1];
    this.data[i + 2] = c[2];
  }
  rect(x: number, y: number, w: number, h: number, c: RGB): void {
    const x0 = Math.max(0, Math.round(x));
    const y0 = Math.max(0, Math.round(y));
    const x1 = Math.min(this.w, Math.round(x + w));
    const y1 = Math.min(this.h, Math.round(y + h));
    for (let yy = y0; yy < y1; yy++) {
      let i = (yy * this.w + x0) * 3;
      for (let xx = x0; xx < x1; xx++, i += 3) {
        this.data[i] = c[0];
        this.data[i + 1] = c[1];
        this.data[i + 2] = c[2];
      }
    }
  }
  ellipse(cx: number, cy: number, rx: number, ry: number, c: RGB): void {
    const x0 = Math.max(0, Math.floor(cx - rx));
    const x1 = Math.min(this.w - 1, Math.ceil(cx + rx));
    const y0 = Math.max(0, Math.floor(cy - ry));
    const y1 = Math.min(this.h - 1, Math.ceil(cy + ry));
    for (let y = y0; y <= y1; y++) {
      const dy = (y + 0.5 - cy) / ry;
      for (let x = x0; x <= x1; x++) {
        const dx = (x + 0.5 - cx) / rx;
        if (dx * dx + dy * dy <= 1) this.px(x, y, c);
      }
    }
  }
  /** A capsule: every pixel within r of the segment (x0,y0)-(x1,y1). */
  capsule(x0: number, y0: number, x1: number, y1: number, r: number, c: RGB): void {
    const minx = Math.max(0, Math.floor(Math.min(x0, x1) - r));
    const maxx = Math.min(this.w - 1, Math.ceil(Math.max(x0, x1) + r));
    const miny = Math.max(0, Math.floor(Math.min(y0, y1) - r));
    const maxy = Math.min(this.h - 1, Math.ceil(Math.max(y0, y1) + r));
    const vx = x1 - x0;
    const vy = y1 - y0;
    const len2 = vx * vx + vy * vy || 1;
    for (let y = miny; y <= maxy; y++) {
      for (let x = minx; x <= maxx; x++) {
        const px = x + 0.5 - x0;
        const py = y + 0.5 - y0;
        const t = Math.max(0, Math.min(1, (px * vx + py * vy) / len2));
        const dx = px - t * vx;
        const dy = py - t * vy;
        if (dx * dx + dy * dy <= r * r) this.px(x, y, c);
      }
    }
  }
  /** A filled triangle. */
  triangle(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, c: RGB): void {
    const minx = Math.max(0, Math.floor(Math.min(ax, bx, cx)));
    const maxx = Math.min(this.w - 1, Math.ceil(Math.max(ax, bx, cx)));
    const miny = Math.max(0, Math.floor(Math.min(ay, by, cy)));
    const maxy = Math.min(this.h - 1, Math.ceil(Math.max(ay, by, cy)));
    const area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    if (area === 0) return;
    for (let y = miny; y <= maxy; y++) {
      for (let x = minx; x <= maxx; x++) {
        const px = x + 0.5;
        const py = y + 0.5;
        const w0 = ((bx - px) * (cy - py) - (by - py) * (cx - px)) / area;
        const w1 = ((cx - px) * (ay - py) - (cy - py) * (ax - px)) / area;
        const w2 = 1 - w0 - w1;
        if (w0 >= 0 && w1 >= 0 && w2 >= 0) this.px(x, y, c);
      }
    }
  }
  text(s: string, x: number, y: number, scale: number, c: RGB): void {
    let cx = Math.round(x);
    const cy = Math.round(y);
    for (const ch of s) {
      const bits = glyph(ch);
      for (let gy = 0; gy < GLYPH_H; gy++) {
        for (let gx = 0; gx < GLYPH_W; gx++) {
          if (bits[gy * GLYPH_W + gx]) this.rect(cx + gx * scale, cy + gy * scale, scale, scale, c);
        }
      }
      cx += (GLYPH_W + 1) * scale;
    }
  }
  /** Horizontal box blur of radius r (motion blur along the camera's motion). */
  hblur(r: number): void {
    if (r < 1) return;
    const w = this.w;
    const row = new Float64Array(w * 3);
    const n = 2 * r + 1;
    for (let y = 0; y < this.h; y++) {
      const base = y * w * 3;
      for (let i = 0; i < w * 3; i++) row[i] = this.data[base + i];
      for (let ch = 0; ch < 3; ch++) {
        let sum = 0;
        for (let k = -r; k <= r; k++) sum += row[Math.min(w - 1, Math.max(0, k)) * 3 + ch];
        for (let x = 0; x < w; x++) {
          this.data[base + x * 3 + ch] = Math.round(sum / n);
          const out = Math.max(0, x - r);
          const inn = Math.min(w - 1, x + r + 1);
          sum += row[inn * 3 + ch] - row[out * 3 + ch];
        }
      }
    }
  }
}

// ---------------------------------------------------------------- frame index
export const INDEX_SCALE = 4;
export const INDEX_PAD = 4;
/** The box that holds the burned-in frame index, top-left: "F 0123" in white on black. */
export const INDEX_BOX = {
  x: 0,
  y: 0,
  w: textWidth('F 0000', INDEX_SCALE) + 2 * INDEX_PAD,
  h: GLYPH_H * INDEX_SCALE + 2 * INDEX_PAD,
};
export function frameIndexText(n: number): string {
  return `F ${String(n).padStart(4, '0')}`;
}
export function drawFrameIndex(c: Canvas, n: number): void {
  c.rect(INDEX_BOX.x, INDEX_BOX.y, INDEX_BOX.w, INDEX_BOX.h, [0, 0, 0]);
  c.text(frameIndexText(n), INDEX_BOX.x + INDEX_PAD, INDEX_BOX.y + INDEX_PAD, INDEX_SCALE, [255, 255, 255]);
}
/** The index box alone as RGB24 (INDEX_BOX.w x INDEX_BOX.h), to compare with a decoded frame. */
export function frameIndexBitmap(n: number): Uint8Array {
  const c = new Canvas(INDEX_BOX.w, INDEX_BOX.h);
  drawFrameIndex(c, n);
  return c.data;
}

// ---------------------------------------------------------------- scenes
export const COLOURS: Record<string, RGB> = {
  red: [200, 40, 40],
  green: [40, 150, 60],
  blue: [40, 80, 200],
  yellow: [235, 200, 40],
  orange: [240, 130, 30],
  purple: [130, 60, 170],
  white: [240, 240, 235],
  black: [30, 30, 35],
  brown: [120, 75, 40],
  pink: [235, 130, 170],
  grey: [130, 130, 135],
  gold: [200, 160, 50],
  silver: [185, 190, 200],
  teal: [30, 150, 150],
  cream: [240, 225, 180],
};
export type Shape = 'bottle' | 'can' | 'box' | 'jar' | 'bag' | 'carton' | 'round' | 'bowl' | 'plate' | 'crate' | 'drum' | 'tall' | 'flat';
export const SHAPES: Shape[] = ['bottle', 'can', 'box', 'jar', 'bag', 'carton', 'round', 'bowl', 'plate', 'crate', 'drum', 'tall', 'flat'];

export interface SceneObject {
  label: string;
  colour: string;
  shape: Shape;
  row: number; // 0 top, 1 middle, 2 bottom
  tag?: string; // a price tag under it
}
export type Backdrop = 'shelf' | 'table' | 'counter' | 'rack' | 'room';
export interface Action {
  kind: 'point' | 'pick' | 'tap';
  target: number; // index into objects
  hand: 'left' | 'right';
}
export interface ClipSpec {
  seed: string;
  backdrop: Backdrop;
  objects: SceneObject[];
  actions: Action[];
}
export interface TimedAction extends Action {
  start: number;
  end: number;
}

const SLOT = 104;
const MARGIN = 44;
const ROW_BASE = [108, 188, 262];
const BACKDROPS: Record<Backdrop, { bg: RGB; board: RGB; post: RGB }> = {
  shelf: { bg: [214, 206, 190], board: [150, 110, 70], post: [120, 90, 60] },
  table: { bg: [170, 120, 80], board: [150, 100, 65], post: [140, 95, 60] },
  counter: { bg: [225, 228, 232], board: [110, 115, 125], post: [160, 165, 175] },
  rack: { bg: [90, 95, 105], board: [235, 140, 30], post: [40, 90, 170] },
  room: { bg: [205, 215, 200], board: [160, 140, 110], post: [180, 170, 150] },
};
const SKIN: RGB = [226, 176, 142];
const SKIN_DARK: RGB = [170, 120, 90];
const SLEEVE: RGB = [45, 62, 110];

export function actionTimes(actions: Action[]): { timed: TimedAction[]; duration: number } {
  const timed = actions.map((a, i) => ({ ...a, start: round1(1.2 + i * 2.4), end: round1(1.2 + i * 2.4 + 2.0) }));
  const last = timed.length ? timed[timed.length - 1].end : 0;
  return { timed, duration: Math.max(10.5, round1(last + 1.6)) };
}
function round1(x: number): number {
  return Math.round(x * 10) / 10;
}

interface Layout {
  worldW: number;
  pos: { x: number; y: number; w: number; h: number }[]; // world rect of each object (resting)
}
function objectSize(shape: Shape): { w: number; h: number } {
  switch (shape) {
    case 'bottle': return { w: 46, h: 66 };
    case 'can': return { w: 52, h: 56 };
    case 'box': return { w: 76, h: 60 };
    case 'jar': return { w: 56, h: 56 };
    case 'bag': return { w: 72, h: 62 };
    case 'carton': return { w: 58, h: 66 };
    case 'round': return { w: 62, h: 58 };
    case 'bowl': return { w: 80, h: 46 };
    case 'plate': return { w: 84, h: 40 };
    case 'crate': return { w: 80, h: 62 };
    case 'drum': return { w: 62, h: 66 };
    case 'tall': return { w: 50, h: 68 };
    case 'flat': return { w: 84, h: 36 };
  }
}
function layout(objects: SceneObject[]): Layout {
  const perRow = [0, 0, 0];
  const slots = objects.map((o) => perRow[o.row]++);
  const maxPerRow = Math.max(...perRow, 1);
  const worldW = Math.max(WIDTH + 120, MARGIN * 2 + maxPerRow * SLOT);
  const pos = objects.map((o, i) => {
    const { w, h } = objectSize(o.shape);
    const rowW = perRow[o.row] * SLOT;
    const x0 = (worldW - rowW) / 2;
    const cx = x0 + slots[i] * SLOT + SLOT / 2;
    return { x: cx - w / 2, y: ROW_BASE[o.row] - h, w, h };
  });
  return { worldW, pos };
}

function shade(c: RGB, f: number): RGB {
  return [Math.min(255, Math.round(c[0] * f)), Math.min(255, Math.round(c[1] * f)), Math.min(255, Math.round(c[2] * f))];
}

function wrapLabel(label: string, maxChars: number): string[] {
  const words = label.toUpperCase().split(/\s+/);
  const lines: string[] = [];
  let cur = '';
  for (const w of words) {
    const word = w.length > maxChars ? w.slice(0, maxChars) : w;
    if (!cur) cur = word;
    else if (cur.length + 1 + word.length <= maxChars) cur += ' ' + word;
    else {
      lines.push(cur);
      cur = word;
    }
  }
  if (cur) lines.push(cur);
  return lines.slice(0, 3);
}

function drawObject(c: Canvas, o: SceneObject, x: number, y: number, w: number, h: number): void {
  const col = COLOURS[o.colour] ?? COLOURS.grey;
  const dark = shade(col, 0.65);
  const light = shade(col, 1.25);
  switch (o.shape) {
    case 'bottle':
      c.rect(x + w * 0.36, y, w * 0.28, h * 0.3, dark);
      c.rect(x + w * 0.33, y, w * 0.34, h * 0.07, [40, 40, 40]);
      c.rect(x, y + h * 0.28, w, h * 0.72, col);
      c.rect(x + 3, y + h * 0.3, 4, h * 0.6, light);
      break;
    case 'can':
      c.rect(x, y + 4, w, h - 8, col);
      c.ellipse(x + w / 2, y + 4, w / 2, 4, light);
      c.ellipse(x + w / 2, y + h - 4, w / 2, 4, dark);
      break;
    case 'box':
    case 'crate':
      c.rect(x, y, w, h, col);
      c.rect(x, y, w, 8, light);
      c.rect(x + w - 8, y, 8, h, dark);
      if (o.shape === 'crate') {
        c.rect(x, y + h * 0.45, w, 3, dark);
        c.rect(x + w * 0.3, y, 3, h, dark);
      }
      break;
    case 'jar':
      c.rect(x + 4, y, w - 8, 10, [70, 70, 70]);
      c.rect(x, y + 9, w, h - 9, col);
      break;
    case 'bag':
      c.triangle(x + 6, y, x + w - 6, y, x + w, y + h, col);
      c.triangle(x + 6, y, x, y + h, x + w, y + h, col);
      c.rect(x + 6, y, w - 12, 6, dark);
      break;
    case 'carton':
      c.triangle(x, y + 16, x + w, y + 16, x + w / 2, y, dark);
      c.rect(x, y + 16, w, h - 16, col);
      break;
    case 'round':
      c.ellipse(x + w / 2, y + h / 2, w / 2, h / 2, col);
      c.ellipse(x + w * 0.35, y + h * 0.3, w * 0.12, h * 0.1, light);
      break;
    case 'bowl':
      c.ellipse(x + w / 2, y + 10, w / 2, 10, light);
      c.ellipse(x + w / 2, y + 10, w / 2 - 5, 7, col);
      c.rect(x + 4, y + 10, w - 8, h - 22, [235, 235, 230]);
      c.ellipse(x + w / 2, y + h - 12, w / 2 - 4, 12, [235, 235, 230]);
      break;
    case 'plate':
      c.ellipse(x + w / 2, y + h / 2, w / 2, h / 2, [240, 240, 240]);
      c.ellipse(x + w / 2, y + h / 2, w / 2 - 9, h / 2 - 6, col);
      break;
    case 'drum':
      c.rect(x, y + 5, w, h - 10, col);
      c.ellipse(x + w / 2, y + 5, w / 2, 5, light);
      c.ellipse(x + w / 2, y + h - 5, w / 2, 5, dark);
      c.rect(x, y + h * 0.33, w, 3, dark);
      c.rect(x, y + h * 0.66, w, 3, dark);
      break;
    case 'tall':
      c.rect(x, y, w, h, col);
      c.rect(x + 4, y + 4, w - 8, 6, dark);
      break;
    case 'flat':
      c.rect(x, y, w, h, col);
      c.rect(x, y + h - 5, w, 5, dark);
      break;
  }
  // printed label with the entity's name
  const maxChars = Math.max(5, Math.floor((w + 10) / 6));
  const lines = wrapLabel(o.label, maxChars);
  const lw = Math.max(...lines.map((l) => textWidth(l, 1))) + 4;
  const lh = lines.length * 9 + 2;
  const lx = x + w / 2 - lw / 2;
  const ly = y + Math.max(6, h * 0.52 - lh / 2);
  c.rect(lx, ly, lw, lh, [250, 250, 245]);
  lines.forEach((l, i) => c.text(l, lx + (lw - textWidth(l, 1)) / 2, ly + 2 + i * 9, 1, [15, 15, 15]));
}

function smooth(t: number): number {
  const x = Math.max(0, Math.min(1, t));
  return x * x * (3 - 2 * x);
}

export interface FrameGeometry {
  /** screen rect of each object at this frame */
  rects: { x: number; y: number; w: number; h: number }[];
}

/** Renders a clip frame by frame. `geometry` is what was drawn, for visual-ref timing. */
export class ClipRenderer {
  readonly timed: TimedAction[];
  readonly duration: number;
  readonly frames: number;
  private readonly lay: Layout;
  private readonly shake: { ax: number; fx: number; px: number; ay: number; fy: number; py: number }[];
  private readonly jitter: number[];

  constructor(readonly spec: ClipSpec) {
    const { timed, duration } = actionTimes(spec.actions);
    this.timed = timed;
    this.duration = duration;
    this.frames = Math.round(duration * FPS);
    this.lay = layout(spec.objects);
    const rng = new Rng('clip:' + spec.seed);
    this.shake = [0, 1, 2].map(() => ({
      ax: 1 + rng.next() * 2.2, fx: 0.4 + rng.next() * 1.6, px: rng.next() * 6.28,
      ay: 1 + rng.next() * 2, fy: 0.5 + rng.next() * 1.8, py: rng.next() * 6.28,
    }));
    this.jitter = Array.from({ length: this.frames * 2 + 2 }, () => rng.noise());
  }

  private focusX(t: number): number {
    const xs = this.timed.map((a) => {
      const p = this.lay.pos[a.target];
      return { t: a.start - 0.2, x: p.x + p.w / 2 };
    });
    const startX = this.lay.worldW * 0.35;
    const keys = [{ t: 0, x: startX }, ...xs];
    const endX = xs.length ? xs[xs.length - 1].x : startX;
    keys.push({ t: this.duration, x: endX });
    for (let i = 0; i < keys.length - 1; i++) {
      const a = keys[i];
      const b = keys[i + 1];
      if (t <= b.t) {
        const span = Math.min(1.0, b.t - a.t);
        const u = smooth((t - (b.t - span)) / span);
        return a.x + (b.x - a.x) * u;
      }
    }
    return endX;
  }

  camera(f: number): { x: number; y: number } {
    const t = f / FPS;
    let x = this.focusX(t) - WIDTH / 2;
    x = Math.max(0, Math.min(this.lay.worldW - WIDTH, x));
    let dx = 0;
    let dy = 0;
    for (const s of this.shake) {
      dx += s.ax * Math.sin(t * s.fx * 6.28 + s.px);
      dy += s.ay * Math.sin(t * s.fy * 6.28 + s.py);
    }
    dx += this.jitter[f * 2] * 1.2;
    dy += this.jitter[f * 2 + 1] * 1.2;
    return { x: x + dx, y: dy };
  }

  /** Hand state at time t: fingertip in screen coords, or null when out of view. */
  private handAt(t: number, a: TimedAction, cam: { x: number; y: number }) {
    const p = this.lay.pos[a.target];
    const tipX = p.x + p.w / 2 - cam.x + (a.kind === 'point' ? 0 : 4);
    const tipY = p.y + (a.kind === 'point' ? p.h * 0.2 : p.h * 0.45) - cam.y;
    const rest = { x: a.hand === 'left' ? 110 : 370, y: HEIGHT + 70 };
    const u = (t - a.start) / (a.end - a.start);
    if (u < 0 || u > 1) return null;
    let k: number;
    if (u < 0.35) k = smooth(u / 0.35);
    else if (u < 0.75) k = 1;
    else k = a.kind === 'pick' ? 1 : 1 - smooth((u - 0.75) / 0.25);
    let x = rest.x + (tipX - rest.x) * k;
    let y = rest.y + (tipY - rest.y) * k;
    if (a.kind === 'pick' && u >= 0.75) {
      const hold = this.heldPos(a.hand);
      const v = smooth((u - 0.75) / 0.25);
      x = tipX + (hold.x + 30 - tipX) * v;
      y = tipY + (hold.y + 20 - tipY) * v;
    }
    if (u > 0.35 && u < 0.75) {
      x += Math.sin(t * 9) * 1.5;
      y += Math.sin(t * 7) * 1.5;
    }
    return { x, y, base: { x: rest.x + (a.hand === 'left' ? -40 : 40), y: HEIGHT + 30 }, u };
  }

  private heldPos(hand: 'left' | 'right') {
    return hand === 'left' ? { x: 40, y: 190 } : { x: WIDTH - 110, y: 190 };
  }

  private drawHand(c: Canvas, tip: { x: number; y: number }, base: { x: number; y: number }, hand: 'left' | 'right') {
    const dx = tip.x - base.x;
    const dy = tip.y - base.y;
    const len = Math.hypot(dx, dy) || 1;
    const ux = dx / len;
    const uy = dy / len;
    const wrist = { x: tip.x - ux * 46, y: tip.y - uy * 46 };
    c.capsule(base.x, base.y, wrist.x - ux * 8, wrist.y - uy * 8, 17, SLEEVE);
    c.ellipse(wrist.x, wrist.y, 19, 17, SKIN_DARK);
    c.ellipse(wrist.x, wrist.y, 17, 15, SKIN);
    c.capsule(wrist.x, wrist.y, tip.x, tip.y, 6, SKIN_DARK);
    c.capsule(wrist.x, wrist.y, tip.x, tip.y, 4.5, SKIN);
    // thumb
    const side = hand === 'left' ? 1 : -1;
    c.capsule(wrist.x, wrist.y, wrist.x + (-uy * side) * 20 + ux * 6, wrist.y + (ux * side) * 20 + uy * 6, 5, SKIN);
  }

  /** Render frame f into c; returns what was drawn where. */
  render(c: Canvas, f: number): FrameGeometry {
    const t = f / FPS;
    const cam = this.camera(f);
    const bd = BACKDROPS[this.spec.backdrop];
    c.fill(bd.bg);
    // backdrop decor, drawn in world coordinates
    for (let wx = 0; wx < this.lay.worldW; wx += 230) c.rect(wx - cam.x, 0, 10, HEIGHT, bd.post);
    for (const by of ROW_BASE) c.rect(-10, by - cam.y, WIDTH + 20, 7, bd.board);
    if (this.spec.backdrop === 'room') c.rect(0, ROW_BASE[2] + 6 - cam.y, WIDTH, 20, [120, 100, 80]);
    const held = new Map<number, 'left' | 'right'>();
    for (const a of this.timed) if (a.kind === 'pick' && t >= a.start + (a.end - a.start) * 0.75) held.set(a.target, a.hand);
    const rects = this.lay.pos.map((p) => ({ x: p.x - cam.x, y: p.y - cam.y, w: p.w, h: p.h }));
    // resting objects and their tags
    this.spec.objects.forEach((o, i) => {
      const r = rects[i];
      if (o.tag) {
        const tw = textWidth(o.tag, 1) + 6;
        c.rect(r.x + r.w / 2 - tw / 2, ROW_BASE[o.row] + 1 - cam.y, tw, 10, [250, 230, 90]);
        c.text(o.tag, r.x + r.w / 2 - tw / 2 + 3, ROW_BASE[o.row] + 2 - cam.y, 1, [20, 20, 20]);
      }
      if (held.has(i)) return;
      const carrying = this.timed.find((a) => a.kind === 'pick' && a.target === i && t >= a.start && t <= a.end);
      if (carrying) return; // drawn with the hand
      drawObject(c, o, r.x, r.y, r.w, r.h);
    });
    // hands in action
    for (const a of this.timed) {
      const h = this.handAt(t, a, cam);
      if (!h) continue;
      if (a.kind === 'pick' && h.u >= 0.75) {
        const r = rects[a.target];
        const ox = h.x - 30 + 4 - r.w / 2 + 26;
        const oy = h.y - 20 - r.h * 0.45 + 20;
        rects[a.target] = { x: ox, y: oy, w: r.w, h: r.h };
        drawObject(c, this.spec.objects[a.target], ox, oy, r.w, r.h);
      } else if (a.kind === 'pick' && h.u >= 0.35) {
        const r = rects[a.target];
        drawObject(c, this.spec.objects[a.target], r.x, r.y, r.w, r.h);
      } else if (a.kind === 'pick') {
        const r = rects[a.target];
        drawObject(c, this.spec.objects[a.target], r.x, r.y, r.w, r.h);
      }
      if (a.kind === 'tap' && h.u > 0.4 && h.u < 0.7) c.ellipse(h.x, h.y, 12, 12, [255, 255, 255]);
      this.drawHand(c, h, h.base, a.hand);
    }
    // objects already held: bottom corners, moving with the head a little
    for (const [i, hand] of held) {
      const a = this.timed.find((x) => x.kind === 'pick' && x.target === i)!;
      if (t <= a.end) continue;
      const p = this.heldPos(hand);
      const r = rects[i];
      const ox = p.x + (cam.x - Math.round(cam.x)) * 0 + Math.sin(t * 2) * 2;
      const oy = p.y + Math.cos(t * 1.7) * 2;
      rects[i] = { x: ox, y: oy, w: r.w, h: r.h };
      drawObject(c, this.spec.objects[i], ox, oy, r.w, r.h);
      c.ellipse(ox + r.w / 2, oy + r.h * 0.8, 20, 14, SKIN);
    }
    // motion blur from the camera's speed
    const prev = this.camera(Math.max(0, f - 1));
    const speed = Math.abs(cam.x - prev.x);
    c.hblur(Math.min(6, Math.round(speed * 0.5)));
    drawFrameIndex(c, f);
    return { rects };
  }

  /** Per frame, whether each object's rect is mostly (60%) inside the frame. */
  visibility(): boolean[][] {
    const c = new Canvas(WIDTH, HEIGHT);
    const out: boolean[][] = [];
    for (let f = 0; f < this.frames; f++) {
      const g = this.render(c, f);
      out.push(g.rects.map((r) => {
        const ix = Math.max(0, Math.min(WIDTH, r.x + r.w) - Math.max(0, r.x));
        const iy = Math.max(0, Math.min(HEIGHT, r.y + r.h) - Math.max(0, r.y));
        return (ix * iy) / (r.w * r.h) >= 0.6;
      }));
    }
    return out;
  }

  /** The visible interval (seconds, 0.1 s inside) of object i that contains time `around`. */
  intervalOf(vis: boolean[][], i: number, around: number): { start: number; end: number } {
    const at = (f: number) => f >= 0 && f < this.frames && vis[f][i];
    let f0 = Math.min(this.frames - 1, Math.round(around * FPS));
    if (!at(f0)) {
      let best = -1;
      for (let d = 1; d < this.frames && best < 0; d++) {
        if (at(f0 - d)) best = f0 - d;
        else if (at(f0 + d)) best = f0 + d;
      }
      if (best < 0) throw new Error(`object ${i} is never visible`);
      f0 = best;
    }
    let a = f0;
    let b = f0;
    while (at(a - 1)) a--;
    while (at(b + 1)) b++;
    return { start: Math.ceil((a / FPS) * 10 - 1e-9) / 10, end: Math.floor(((b + 1) / FPS) * 10 + 1e-9) / 10 };
  }
}

/** Pipe every frame of a clip to ffmpeg (VP9 WebM). */
export async function encodeClip(spec: ClipSpec, outFile: string, bitrate = '180k'): Promise<void> {
  const r = new ClipRenderer(spec);
  const args = [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${WIDTH}x${HEIGHT}`, '-r', String(FPS), '-i', '-',
    '-c:v', 'libvpx-vp9', '-b:v', bitrate, '-deadline', 'good', '-cpu-used', '4', '-row-mt', '1',
    '-threads', '2', '-g', '60', '-pix_fmt', 'yuv420p', '-an',
    '-map_metadata', '-1', '-fflags', '+bitexact', '-flags:v', '+bitexact',
    outFile,
  ];
  const ff = spawn('ffmpeg', args, { stdio: ['pipe', 'ignore', 'pipe'] });
  let err = '';
  ff.stderr.on('data', (d) => (err += String(d)));
  const done = new Promise<void>((resolve, reject) => {
    ff.on('error', reject);
    ff.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited ${code}: ${err}`))));
  });
  const c = new Canvas(WIDTH, HEIGHT);
  for (let f = 0; f < r.frames; f++) {
    r.render(c, f);
    const ok = ff.stdin.write(Buffer.from(c.data));
    if (!ok) await new Promise((res) => ff.stdin.once('drain', res));
  }
  ff.stdin.end();
  await done;
}

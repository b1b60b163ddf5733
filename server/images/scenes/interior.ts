// The interior scene of the example images (server/images/render.ts): an isometric room seen over its
// open corner — the floor and two walls, a window, a picture and a shelf of books, a rug, and furniture in
// one of three layouts (bedroom, living room, reading nook) with a desk, a plant and a lamp, far to near.
import {
  type Ctx,
  H,
  type Pt,
  W,
  darken,
  f,
  glow,
  int,
  lighten,
  linear,
  mix,
  pick,
  radial,
  range,
} from '../svg.ts';

// ---------------------------------------------------------------------------------------------
// The isometric projection: floor units x (along wall A) and y (along wall B), and z up

const UNIT = 44; // one floor unit in pixels
const OX = W / 2;
const OY = H * 0.36;
const COS = Math.cos(Math.PI / 6);
/** The room is N×N floor units, its walls WH high. */
const N = 8;
const WH = 6;

const iso = (x: number, y: number, z: number): Pt => [
  OX + (x - y) * COS * UNIT,
  OY + (x + y) * 0.5 * UNIT - z * UNIT,
];

const poly = (pts: Pt[], fill: string, extra = ''): string =>
  `<path d="M${pts.map(([x, y]) => `${f(x)},${f(y)}`).join('L')}Z" fill="${fill}"${extra}/>`;

/** A box of w×d×h units at (x, y, z): its top lit, its front in the colour, its side in shade. */
const box = (x: number, y: number, z: number, w: number, d: number, h: number, c: string): string =>
  poly(
    [iso(x, y, z + h), iso(x + w, y, z + h), iso(x + w, y + d, z + h), iso(x, y + d, z + h)],
    lighten(c, 0.18),
  ) +
  poly([iso(x, y + d, z), iso(x + w, y + d, z), iso(x + w, y + d, z + h), iso(x, y + d, z + h)], c) +
  poly(
    [iso(x + w, y, z), iso(x + w, y + d, z), iso(x + w, y + d, z + h), iso(x + w, y, z + h)],
    darken(c, 0.2),
  );

// ---------------------------------------------------------------------------------------------
// The scene

export function interior(ctx: Ctx): string {
  const { rng, p } = ctx;
  const last = p[p.length - 1] as string;
  let out = `<rect width="${W}" height="${H}" fill="${radial(
    ctx,
    [
      [0, lighten(last, 0.45)],
      [1, mix(last, p[p.length - 2] as string, 0.5)],
    ],
    0.5,
    0.45,
    0.8,
  )}"/>`;
  const wallA = mix(p[p.length - 2] as string, last, 0.4);
  const wallB = darken(wallA, 0.12);
  const floorC = mix(p[1] as string, p[2] as string, 0.5);
  out += shell(wallA, wallB, floorC);
  // where the window stands along wall A (and the desk under it)
  const wx = range(rng, 1, 4.2);
  out += windowOnWallA(ctx, wx, wallA, floorC);
  out += pictureAndShelf(ctx, wallB, floorC);
  out += rug(ctx);
  out += furniture(ctx, wx, floorC);
  return out;
}

/** The floor on its slab, with its boards, and the two walls (thin slabs). */
function shell(wallA: string, wallB: string, floorC: string): string {
  // slab under the floor
  let out = poly([iso(0, N, 0), iso(N, N, 0), iso(N, N, -0.5), iso(0, N, -0.5)], darken(floorC, 0.3));
  out += poly([iso(N, 0, 0), iso(N, N, 0), iso(N, N, -0.5), iso(N, 0, -0.5)], darken(floorC, 0.45));
  out += poly([iso(0, 0, 0), iso(N, 0, 0), iso(N, N, 0), iso(0, N, 0)], floorC);
  // floor boards
  for (let k = 1; k < N * 2; k++) {
    const a = iso(k / 2, 0, 0);
    const b = iso(k / 2, N, 0);
    out += `<path d="M${f(a[0])},${f(a[1])}L${f(b[0])},${f(b[1])}" stroke="${darken(floorC, 0.12)}" stroke-width="1.2" opacity="0.6"/>`;
  }
  // walls (thin slabs)
  out += poly([iso(0, 0, 0), iso(N, 0, 0), iso(N, 0, WH), iso(0, 0, WH)], wallA);
  out += poly([iso(0, 0, 0), iso(0, N, 0), iso(0, N, WH), iso(0, 0, WH)], wallB);
  out += poly(
    [iso(0, 0, WH), iso(N, 0, WH), iso(N, -0.4, WH), iso(-0.4, -0.4, WH), iso(-0.4, N, WH), iso(0, N, WH)],
    lighten(wallA, 0.3),
  );
  out += poly([iso(N, 0, WH), iso(N, 0, -0.5), iso(N, -0.4, -0.5), iso(N, -0.4, WH)], darken(wallA, 0.25));
  out += poly([iso(0, N, WH), iso(0, N, -0.5), iso(-0.4, N, -0.5), iso(-0.4, N, WH)], darken(wallB, 0.2));
  return out;
}

/** The window on wall A at wx, with the sky and the sun in it, and its light on the floor. */
function windowOnWallA(ctx: Ctx, wx: number, wallA: string, floorC: string): string {
  const { rng, p } = ctx;
  const last = p[p.length - 1] as string;
  const sky = linear(ctx, [
    [0, p[1] as string],
    [1, lighten(last, 0.3)],
  ]);
  let out = poly(
    [iso(wx, 0, 2.2), iso(wx + 2.6, 0, 2.2), iso(wx + 2.6, 0, 5), iso(wx, 0, 5)],
    darken(wallA, 0.25),
  );
  out += poly(
    [iso(wx + 0.15, 0, 2.35), iso(wx + 2.45, 0, 2.35), iso(wx + 2.45, 0, 4.85), iso(wx + 0.15, 0, 4.85)],
    sky,
  );
  const sunPt = iso(wx + range(rng, 0.8, 1.8), 0, range(rng, 3.4, 4.3));
  out += `<circle cx="${f(sunPt[0])}" cy="${f(sunPt[1])}" r="12" fill="${lighten(last, 0.7)}"/>`;
  out += `<path d="M${f(iso(wx + 1.3, 0, 2.35)[0])},${f(iso(wx + 1.3, 0, 2.35)[1])}L${f(iso(wx + 1.3, 0, 4.85)[0])},${f(iso(wx + 1.3, 0, 4.85)[1])}" stroke="${darken(wallA, 0.25)}" stroke-width="5"/>`;
  // light patch on the floor
  out += poly(
    [iso(wx + 0.5, 0.3, 0), iso(wx + 3, 0.3, 0), iso(wx + 4, 3, 0), iso(wx + 1.5, 3, 0)],
    lighten(floorC, 0.35),
    ' opacity="0.35"',
  );
  return out;
}

/** A framed picture and a shelf of books on wall B. */
function pictureAndShelf(ctx: Ctx, wallB: string, floorC: string): string {
  const { rng, p } = ctx;
  const fy = range(rng, 1.5, 4.5);
  let out = poly(
    [iso(0, fy, 3.4), iso(0, fy + 1.4, 3.4), iso(0, fy + 1.4, 4.8), iso(0, fy, 4.8)],
    darken(wallB, 0.35),
  );
  out += poly(
    [iso(0, fy + 0.12, 3.52), iso(0, fy + 1.28, 3.52), iso(0, fy + 1.28, 4.68), iso(0, fy + 0.12, 4.68)],
    pick(rng, p.slice(2)),
  );
  out += box(0, fy + 2, 3.2, 0.7, 2.6, 0.15, darken(floorC, 0.2));
  for (let k = 0; k < 6; k++) {
    out += box(0.1, fy + 2.1 + k * 0.4, 3.35, 0.45, 0.28, range(rng, 0.5, 0.8), pick(rng, p));
  }
  return out;
}

/** The rug, with a border. */
function rug(ctx: Ctx): string {
  const rugC = pick(ctx.rng, ctx.p.slice(2));
  return (
    poly([iso(2, 3.2, 0.01), iso(6, 3.2, 0.01), iso(6, 6.8, 0.01), iso(2, 6.8, 0.01)], rugC) +
    poly(
      [iso(2.4, 3.6, 0.02), iso(5.6, 3.6, 0.02), iso(5.6, 6.4, 0.02), iso(2.4, 6.4, 0.02)],
      'none',
      ` stroke="${lighten(rugC, 0.4)}" stroke-width="3"`,
    )
  );
}

// ---------------------------------------------------------------------------------------------
// Furniture

/** A piece of furniture, and how deep in the room it stands (the far ones are drawn first). */
interface Piece {
  depth: number;
  svg: string;
}

const piece = (x: number, y: number, svg: string): Piece => ({ depth: x + y, svg });

/** The room's furniture in one of three layouts, with a desk (or a sideboard), a plant and a lamp. */
function furniture(ctx: Ctx, wx: number, floorC: string): string {
  const { rng, p } = ctx;
  const accent = pick(rng, p.slice(1, p.length - 1));
  const layout = int(rng, 0, 2);
  const pieces: Piece[] = [
    ...(layout === 0
      ? bedroom(floorC, accent)
      : layout === 1
        ? livingRoom(ctx, floorC, accent)
        : readingNook(ctx, floorC, accent)),
    layout !== 1 ? desk(ctx, wx, floorC) : sideboard(floorC),
    pottedPlant(ctx, accent),
    lamp(ctx),
  ];
  pieces.sort((a, b) => a.depth - b.depth);
  return pieces.map((i) => i.svg).join('');
}

/** A bed against wall B. */
const bedroom = (floorC: string, accent: string): Piece[] => [
  piece(
    0.2,
    4,
    box(0.2, 4.2, 0, 3.6, 3.4, 0.9, darken(floorC, 0.25)) +
      box(0.3, 4.3, 0.9, 3.4, 3.2, 0.35, lighten(accent, 0.5)) +
      box(0.3, 4.6, 1.25, 1.0, 2.6, 0.3, '#f4f1ea') +
      box(1.6, 4.25, 1.2, 2.1, 3.3, 0.12, accent),
  ),
];

/** A sofa and a coffee table. */
const livingRoom = (ctx: Ctx, floorC: string, accent: string): Piece[] => [
  piece(
    0.3,
    2.5,
    box(0.3, 2.5, 0, 1.2, 4.2, 1.6, darken(accent, 0.1)) +
      box(1.5, 2.5, 0, 1.5, 4.2, 0.8, accent) +
      box(1.5, 2.3, 0, 1.5, 0.4, 1.2, darken(accent, 0.1)) +
      box(1.5, 6.6, 0, 1.5, 0.4, 1.2, darken(accent, 0.1)),
  ),
  piece(
    3.6,
    4,
    box(3.8, 4, 0, 1.6, 1.6, 0.7, darken(floorC, 0.35)) +
      box(4.2, 4.5, 0.7, 0.4, 0.4, 0.5, pick(ctx.rng, ctx.p)),
  ),
];

/** A reading nook: a bookshelf and an armchair. */
const readingNook = (ctx: Ctx, floorC: string, accent: string): Piece[] => [
  piece(
    0.3,
    1,
    box(0.2, 0.3, 0, 0.8, 2.6, 4.6, darken(floorC, 0.35)) +
      [0.6, 1.7, 2.8, 3.9]
        .map(
          (z) =>
            box(0.3, 0.45, z, 0.6, 2.3, 0.08, darken(floorC, 0.2)) +
            box(0.35, 0.5, z + 0.08, 0.5, 2.2, 0.75, pick(ctx.rng, ctx.p)),
        )
        .join(''),
  ),
  piece(
    2,
    4.5,
    box(2, 4.5, 0, 1.8, 1.8, 0.8, accent) +
      box(2, 4.5, 0, 0.4, 1.8, 1.6, darken(accent, 0.15)) +
      box(2, 4.5, 0, 1.8, 0.35, 1.2, darken(accent, 0.1)),
  ),
];

/** A desk with a monitor under the window of wall A. */
const desk = (ctx: Ctx, wx: number, floorC: string): Piece =>
  piece(
    wx + 0.2,
    0.3,
    box(wx + 0.2, 0.3, 0, 2.4, 1.2, 1.5, darken(floorC, 0.3)) +
      box(wx + 0.9, 0.45, 1.5, 1, 0.12, 0.75, '#1d1f2a') +
      box(wx + 0.95, 0.4, 1.6, 0.9, 0.06, 0.6, lighten(ctx.p[1] as string, 0.4)),
  );

/** A low sideboard at wall A (the living room's, in place of the desk). */
const sideboard = (floorC: string): Piece =>
  piece(5, 0.3, box(5.2, 0.3, 0, 2.4, 0.8, 1.2, darken(floorC, 0.3)));

/** A plant with round leaves in a pot, in the near corner. */
function pottedPlant(ctx: Ctx, accent: string): Piece {
  const { rng } = ctx;
  const px = range(rng, 5.6, 6.6);
  const py = range(rng, 5.6, 6.6);
  const potTop = iso(px + 0.35, py + 0.35, 1.6);
  let plant = box(px, py, 0, 0.7, 0.7, 0.8, pick(rng, [darken(accent, 0.2), '#c2703d', '#e9e4da']));
  for (let k = 0; k < 7; k++) {
    plant += `<circle cx="${f(potTop[0] + range(rng, -32, 32))}" cy="${f(potTop[1] + range(rng, -40, 20))}" r="${f(range(rng, 14, 24))}" fill="${pick(rng, ['#2f6b43', '#3f8a55', '#5aa469'])}"/>`;
  }
  return piece(px, py, plant);
}

/** A standing lamp with its glow, at the far end of wall A. */
function lamp(ctx: Ctx): Piece {
  const { rng, p } = ctx;
  const last = p[p.length - 1] as string;
  const lx = range(rng, 6.6, 7.2);
  const ly = range(rng, 0.6, 1.6);
  const lampTop = iso(lx + 0.2, ly + 0.2, 3.3);
  return piece(
    lx,
    ly,
    glow(ctx, lampTop[0], lampTop[1] + 20, 120, lighten(last, 0.5), 0.5) +
      box(lx + 0.15, ly + 0.15, 0, 0.1, 0.1, 2.9, '#333') +
      box(lx - 0.1, ly - 0.1, 2.9, 0.6, 0.6, 0.5, lighten(pick(rng, p.slice(2)), 0.3)),
  );
}

// The scenes of the example images (server/images/render.ts) that draw a figure of their own: a portrait's
// bust before a halo, and a creature (a cat, an owl, a fox, a whale) under a great moon.
import {
  type Ctx,
  H,
  type Pt,
  W,
  blur,
  chance,
  darken,
  f,
  glow,
  int,
  lighten,
  linear,
  luminance,
  mistBand,
  mix,
  pick,
  range,
  ridge,
  skyGradient,
  smoothPath,
  stars,
  vignette,
} from '../svg.ts';

export function portrait(ctx: Ctx): string {
  const { rng, p } = ctx;
  const last = p[p.length - 1] as string;
  let out = `<rect width="${W}" height="${H}" fill="${linear(
    ctx,
    [
      [0, mix(p[1] as string, p[0] as string, 0.2)],
      [1, darken(p[0] as string, 0.3)],
    ],
    0,
    0,
    1,
    1,
  )}"/>`;
  const cx = W / 2 + range(rng, -110, 110);
  const headY = range(rng, 265, 305);
  const haloR = range(rng, 190, 250);
  const haloColour = pick(rng, p.slice(2));
  // halo: disc plus rings or rays
  out += glow(ctx, cx, headY, haloR * 1.6, lighten(haloColour, 0.2), 0.5);
  const haloStyle = int(rng, 0, 2);
  if (haloStyle === 0) {
    out += `<circle cx="${f(cx)}" cy="${f(headY)}" r="${f(haloR)}" fill="${linear(ctx, [
      [0, lighten(haloColour, 0.3)],
      [1, haloColour],
    ])}"/>`;
  } else if (haloStyle === 1) {
    for (let k = 0; k < 7; k++) {
      out += `<circle cx="${f(cx)}" cy="${f(headY)}" r="${f(haloR * (0.45 + k * 0.13))}" fill="none" stroke="${lighten(haloColour, 0.25)}" stroke-width="${f(3 + k)}" opacity="${f(0.8 - k * 0.09)}"/>`;
    }
  } else {
    const rays = int(rng, 18, 30);
    let d = '';
    for (let k = 0; k < rays; k++) {
      const a0 = (k / rays) * Math.PI * 2;
      const a1 = a0 + (Math.PI / rays) * 0.8;
      d += `M${f(cx)},${f(headY)}L${f(cx + Math.cos(a0) * 900)},${f(headY + Math.sin(a0) * 900)}L${f(cx + Math.cos(a1) * 900)},${f(headY + Math.sin(a1) * 900)}Z`;
    }
    out += `<path d="${d}" fill="${haloColour}" opacity="0.25"/>`;
    out += `<circle cx="${f(cx)}" cy="${f(headY)}" r="${f(haloR * 0.8)}" fill="${lighten(haloColour, 0.2)}"/>`;
  }
  // bokeh
  for (let i = 0; i < int(rng, 8, 16); i++) {
    out += `<circle cx="${f(range(rng, 0, W))}" cy="${f(range(rng, 0, H))}" r="${f(range(rng, 6, 30))}" fill="${lighten(pick(rng, p.slice(2)), 0.4)}" opacity="${f(range(rng, 0.08, 0.3))}"/>`;
  }
  // the bust: a front view or a profile, drawn once in the rim colour and once, shifted, in shadow
  const dir = chance(rng, 0.5) ? 1 : -1;
  const profile = chance(rng, 0.5);
  const hx = cx + dir * range(rng, 0, 10);
  const rx = range(rng, 70, 80);
  const ry = rx * range(rng, 1.25, 1.32);
  const neckTop = headY + ry * 0.6;
  const neckW = rx * 0.42;
  const neckBottom = headY + ry + range(rng, 22, 38);
  const shoulderW = range(rng, 200, 240);
  const hair = int(rng, 0, 3);
  const X = (x: number): number => hx + dir * x; // profile coordinates face towards dir
  const shoulders = (): string =>
    `<path d="M${f(cx - neckW)},${f(neckTop)}L${f(cx + neckW)},${f(neckTop)}L${f(cx + neckW)},${f(neckBottom)}` +
    `C${f(cx + neckW + 40)},${f(neckBottom + 18)} ${f(cx + shoulderW * 0.8)},${f(neckBottom + 10)} ${f(cx + shoulderW)},${f(neckBottom + 70)}` +
    `Q${f(cx + shoulderW + 35)},${f(neckBottom + 130)} ${f(cx + shoulderW + 45)},${H + 20}L${f(cx - shoulderW - 45)},${H + 20}` +
    `Q${f(cx - shoulderW - 35)},${f(neckBottom + 130)} ${f(cx - shoulderW)},${f(neckBottom + 70)}` +
    `C${f(cx - shoulderW * 0.8)},${f(neckBottom + 10)} ${f(cx - neckW - 40)},${f(neckBottom + 18)} ${f(cx - neckW)},${f(neckBottom)}Z"/>`;
  const profileHead = (): string => {
    // a profile in units of the head height, facing +x
    const u = ry * 2;
    const pts: [number, number][] = [
      [-0.05, 0.98],
      [-0.2, 0.8],
      [-0.38, 0.55],
      [-0.4, 0.3],
      [-0.3, 0.08],
      [-0.08, -0.02],
      [0.16, 0.02],
      [0.3, 0.15],
      [0.34, 0.3],
      [0.33, 0.38],
      [0.36, 0.45],
      [0.43, 0.56],
      [0.37, 0.6],
      [0.38, 0.66],
      [0.35, 0.69],
      [0.37, 0.73],
      [0.33, 0.78],
      [0.34, 0.85],
      [0.24, 0.92],
      [0.14, 0.95],
      [0.12, 1.05],
    ];
    const top = headY - ry;
    return `<path d="${smoothPath(
      pts.map(([x, y]): Pt => [X(x * u), top + y * u]),
      true,
    )}"/>`;
  };
  const shape = (): string => {
    let s = shoulders();
    if (profile) {
      s += profileHead();
      if (hair === 0)
        s += `<circle cx="${f(X(-rx * 0.75))}" cy="${f(headY - ry * 0.55)}" r="${f(rx * 0.5)}"/>`;
      else if (hair === 1)
        s += `<path d="${smoothPath(
          [
            [X(-rx * 0.2), headY - ry * 1.05],
            [X(rx * 0.55), headY - ry * 0.8],
            [X(-rx * 0.1), headY - ry * 0.3],
            [X(-rx * 0.35), headY + ry * 0.7],
            [X(-rx * 0.75), headY + ry * 1.55],
            [X(-rx * 1.2), headY + ry * 0.5],
            [X(-rx * 0.95), headY - ry * 0.6],
          ],
          true,
        )}"/>`;
      else if (hair === 2)
        s += `<ellipse cx="${f(X(-rx * 0.2))}" cy="${f(headY - ry * 0.5)}" rx="${f(rx * 0.95)}" ry="${f(ry * 0.6)}"/>`;
    } else {
      s += `<path d="M${f(hx - rx)},${f(headY - ry * 0.1)}C${f(hx - rx)},${f(headY - ry * 1.1)} ${f(hx + rx)},${f(headY - ry * 1.1)} ${f(hx + rx)},${f(headY - ry * 0.1)}C${f(hx + rx)},${f(headY + ry * 0.55)} ${f(hx + rx * 0.45)},${f(headY + ry)} ${f(hx)},${f(headY + ry)}C${f(hx - rx * 0.45)},${f(headY + ry)} ${f(hx - rx)},${f(headY + ry * 0.55)} ${f(hx - rx)},${f(headY - ry * 0.1)}Z"/>`;
      s += `<ellipse cx="${f(hx - rx * 0.98)}" cy="${f(headY + 6)}" rx="12" ry="22"/><ellipse cx="${f(hx + rx * 0.98)}" cy="${f(headY + 6)}" rx="12" ry="22"/>`;
      if (hair === 0) {
        s += `<circle cx="${f(hx)}" cy="${f(headY - ry - 32)}" r="${f(rx * 0.5)}"/>`;
        s += `<ellipse cx="${f(hx)}" cy="${f(headY - ry * 0.4)}" rx="${f(rx * 1.04)}" ry="${f(ry * 0.66)}"/>`;
      } else if (hair === 1) {
        s += `<path d="M${f(hx - rx * 1.1)},${f(headY + ry * 1.5)}Q${f(hx - rx * 1.4)},${f(headY - ry * 1.4)} ${f(hx)},${f(headY - ry * 1.12)}Q${f(hx + rx * 1.4)},${f(headY - ry * 1.4)} ${f(hx + rx * 1.1)},${f(headY + ry * 1.5)}Z"/>`;
      } else if (hair === 2) {
        s += `<ellipse cx="${f(hx + dir * 8)}" cy="${f(headY - ry * 0.5)}" rx="${f(rx * 1.06)}" ry="${f(ry * 0.62)}"/>`;
      }
    }
    if (hair === 3) {
      // a wide-brimmed hat
      s += `<ellipse cx="${f(hx)}" cy="${f(headY - ry * 0.55)}" rx="${f(rx * 2)}" ry="${f(ry * 0.14)}"/>`;
      s += `<path d="M${f(hx - rx * 0.95)},${f(headY - ry * 0.55)}Q${f(hx - rx)},${f(headY - ry * 1.45)} ${f(hx)},${f(headY - ry * 1.4)}Q${f(hx + rx)},${f(headY - ry * 1.45)} ${f(hx + rx * 0.95)},${f(headY - ry * 0.55)}Z"/>`;
    }
    return s;
  };
  const rim = lighten(mix(haloColour, last, 0.5), 0.55);
  const body = darken(p[0] as string, 0.35);
  out += `<g fill="${rim}" filter="${blur(ctx, 3)}">${shape()}</g>`;
  out += `<g fill="${body}" transform="translate(${f(-dir * 7)} 3)">${shape()}</g>`;
  // a collar line and an earring
  out += `<path d="M${f(cx - neckW - 30)},${f(neckBottom + 22)}Q${f(cx)},${f(neckBottom + 90)} ${f(cx + neckW + 30)},${f(neckBottom + 22)}" fill="none" stroke="${rim}" stroke-width="2.5" opacity="0.35"/>`;
  if (chance(rng, 0.5)) {
    const ex = profile ? X(-rx * 0.15) : hx - rx * 0.98;
    out += `<circle cx="${f(ex - dir * 7)}" cy="${f(headY + 36)}" r="6" fill="${lighten(haloColour, 0.5)}"/>`;
  }
  out += vignette(ctx, 0.4);
  return out;
}

export function creature(ctx: Ctx): string {
  const { rng, p } = ctx;
  const last = p[p.length - 1] as string;
  const day = luminance(p[2] as string) >= 0.3 && ctx.variant % 3 === 1;
  const top = day ? mix(p[2] as string, p[1] as string, 0.4) : darken(p[0] as string, 0.2);
  const horizon = day ? lighten(last, 0.1) : mix(p[1] as string, p[2] as string, 0.5);
  let out = skyGradient(ctx, top, horizon, H);
  if (!day) out += stars(ctx, 90, H * 0.6, lighten(last, 0.6));
  const kind = ctx.variant % 4;
  const cx = W / 2 + range(rng, -120, 120);
  const groundY = H * range(rng, 0.76, 0.84);
  const moonR = range(rng, 150, 210);
  const moonY = kind === 3 ? range(rng, 170, 240) : groundY - range(rng, 240, 300);
  const moonX = cx + range(rng, -60, 60);
  const moonColour = day ? lighten(mix(last, p[p.length - 2] as string, 0.4), 0.3) : lighten(last, 0.45);
  out += glow(ctx, moonX, moonY, moonR * 2.2, moonColour, 0.4);
  out += `<circle cx="${f(moonX)}" cy="${f(moonY)}" r="${f(moonR)}" fill="${linear(ctx, [
    [0, lighten(moonColour, 0.3)],
    [1, moonColour],
  ])}"/>`;
  for (let i = 0; i < 5; i++) {
    const crater = `<circle cx="${f(moonX + range(rng, -moonR * 0.6, moonR * 0.6))}" cy="${f(moonY + range(rng, -moonR * 0.6, moonR * 0.6))}" r="${f(range(rng, 8, 26))}" fill="${darken(moonColour, 0.08)}" opacity="0.5"/>`;
    if (!day) out += crater;
  }
  // distant hills and ground
  const hills = ridge(rng, 5, 90, 0.5).map((v, j, a): Pt => [
    (j / (a.length - 1)) * (W + 40) - 20,
    groundY - 60 - Math.abs(v),
  ]);
  out += `<path d="M-20,${H}${smoothPath(hills, false).replace('M', 'L')}L${W + 20},${H}Z" fill="${mix(p[0] as string, horizon, 0.35)}"/>`;
  out += mistBand(ctx, groundY - 40, 80, lighten(horizon, 0.3), 0.35);
  const ground = ridge(rng, 4, 30, 0.5).map((v, j, a): Pt => [
    (j / (a.length - 1)) * (W + 40) - 20,
    groundY + v,
  ]);
  const dark = darken(p[0] as string, 0.45);
  out += `<path d="M-20,${H + 10}${smoothPath(ground, false).replace('M', 'L')}L${W + 20},${H + 10}Z" fill="${dark}"/>`;
  // grass tufts
  for (let i = 0; i < 40; i++) {
    const x = range(rng, 0, W);
    const y = groundY + range(rng, 0, 12);
    const h = range(rng, 10, 26);
    out += `<path d="M${f(x)},${f(y)}Q${f(x + range(rng, -4, 4))},${f(y - h / 2)} ${f(x + range(rng, -8, 8))},${f(y - h)}" stroke="${dark}" stroke-width="3" fill="none" stroke-linecap="round"/>`;
  }
  const eye = lighten(pick(rng, p.slice(2)), 0.6);
  const dir = chance(rng, 0.5) ? 1 : -1;
  let body = '';
  let eyes = '';
  const by = groundY + 4;
  if (kind === 0) {
    // sitting cat, seen from the front
    body += `<ellipse cx="${f(cx)}" cy="${f(by - 95)}" rx="78" ry="100"/>`;
    body += `<circle cx="${f(cx)}" cy="${f(by - 215)}" r="58"/>`;
    body += `<path d="M${f(cx - 55)},${f(by - 235)}L${f(cx - 48)},${f(by - 300)}L${f(cx - 12)},${f(by - 262)}Z"/>`;
    body += `<path d="M${f(cx + 55)},${f(by - 235)}L${f(cx + 48)},${f(by - 300)}L${f(cx + 12)},${f(by - 262)}Z"/>`;
    body += `<path d="M${f(cx + dir * 60)},${f(by - 20)}Q${f(cx + dir * 170)},${f(by - 10)} ${f(cx + dir * 150)},${f(by - 120)}" fill="none" stroke-width="22" stroke-linecap="round"/>`;
    eyes += `<ellipse cx="${f(cx - 22)}" cy="${f(by - 220)}" rx="9" ry="12" fill="${eye}"/><ellipse cx="${f(cx + 22)}" cy="${f(by - 220)}" rx="9" ry="12" fill="${eye}"/>`;
    eyes += `<ellipse cx="${f(cx - 22)}" cy="${f(by - 220)}" rx="2.5" ry="9" fill="${dark}"/><ellipse cx="${f(cx + 22)}" cy="${f(by - 220)}" rx="2.5" ry="9" fill="${dark}"/>`;
  } else if (kind === 1) {
    // owl on a branch
    const oy = by - 150;
    out += `<path d="M-20,${f(oy + 95)}Q${f(cx)},${f(oy + 80)} ${W + 20},${f(oy + 110)}" stroke="${dark}" stroke-width="16" fill="none"/>`;
    body += `<path d="M${f(cx - 80)},${f(oy - 40)}Q${f(cx - 95)},${f(oy + 90)} ${f(cx)},${f(oy + 100)}Q${f(cx + 95)},${f(oy + 90)} ${f(cx + 80)},${f(oy - 40)}Q${f(cx + 85)},${f(oy - 130)} ${f(cx + 70)},${f(oy - 150)}L${f(cx + 40)},${f(oy - 120)}Q${f(cx)},${f(oy - 135)} ${f(cx - 40)},${f(oy - 120)}L${f(cx - 70)},${f(oy - 150)}Q${f(cx - 85)},${f(oy - 130)} ${f(cx - 80)},${f(oy - 40)}Z"/>`;
    for (const sx of [-1, 1]) {
      eyes += `<circle cx="${f(cx + sx * 34)}" cy="${f(oy - 70)}" r="28" fill="${lighten(eye, 0.2)}" opacity="0.25"/>`;
      eyes += `<circle cx="${f(cx + sx * 34)}" cy="${f(oy - 70)}" r="18" fill="${eye}"/>`;
      eyes += `<circle cx="${f(cx + sx * 34)}" cy="${f(oy - 70)}" r="8" fill="${dark}"/>`;
    }
    eyes += `<path d="M${f(cx - 8)},${f(oy - 48)}L${f(cx + 8)},${f(oy - 48)}L${f(cx)},${f(oy - 28)}Z" fill="${mix(eye, dark, 0.5)}"/>`;
    for (let k = 0; k < 3; k++) {
      eyes += `<path d="M${f(cx - 40 + k * 8)},${f(oy + k * 22)}q${f(40 - k * 8)},18 ${f(80 - k * 16)},0" stroke="${lighten(dark, 0.25)}" stroke-width="3" fill="none"/>`;
    }
  } else if (kind === 2) {
    // fox in profile, sitting, its bushy tail curled around the paws
    const fx = cx;
    const X = (x: number): number => fx + dir * x;
    body += `<ellipse cx="${f(X(-10))}" cy="${f(by - 85)}" rx="62" ry="92" transform="rotate(${f(-dir * 14)} ${f(X(-10))} ${f(by - 85)})"/>`;
    body += `<path d="M${f(X(-30))},${f(by - 150)}L${f(X(40))},${f(by - 205)}L${f(X(62))},${f(by - 160)}L${f(X(45))},${f(by - 95)}Z"/>`;
    body += `<rect x="${f(Math.min(X(18), X(40)))}" y="${f(by - 100)}" width="22" height="100" rx="8"/>`;
    body += `<circle cx="${f(X(45))}" cy="${f(by - 205)}" r="40"/>`;
    body += `<path d="M${f(X(60))},${f(by - 228)}Q${f(X(100))},${f(by - 205)} ${f(X(128))},${f(by - 190)}Q${f(X(100))},${f(by - 172)} ${f(X(55))},${f(by - 172)}Z"/>`;
    body += `<path d="M${f(X(18))},${f(by - 225)}L${f(X(22))},${f(by - 292)}L${f(X(52))},${f(by - 238)}Z"/>`;
    body += `<path d="M${f(X(44))},${f(by - 236)}L${f(X(60))},${f(by - 296)}L${f(X(75))},${f(by - 228)}Z"/>`;
    body += `<path d="M${f(X(-40))},${f(by - 20)}C${f(X(-150))},${f(by - 10)} ${f(X(-210))},${f(by - 60)} ${f(X(-190))},${f(by - 140)}C${f(X(-165))},${f(by - 110)} ${f(X(-100))},${f(by - 85)} ${f(X(-20))},${f(by - 85)}Z"/>`;
    body += `<path d="M${f(X(-60))},${f(by - 4)}Q${f(X(30))},${f(by + 10)} ${f(X(70))},${f(by - 8)}L${f(X(60))},${f(by - 26)}Q${f(X(0))},${f(by - 18)} ${f(X(-50))},${f(by - 24)}Z"/>`;
    eyes += `<path d="M${f(X(52))},${f(by - 210)}q${f(dir * 9)},-5 ${f(dir * 16)},1" stroke="${eye}" stroke-width="4" stroke-linecap="round" fill="none"/>`;
    eyes += `<circle cx="${f(X(127))}" cy="${f(by - 190)}" r="5" fill="${dark}"/>`;
    eyes += `<path d="M${f(X(-190))},${f(by - 140)}C${f(X(-205))},${f(by - 70)} ${f(X(-150))},${f(by - 18)} ${f(X(-80))},${f(by - 14)}" stroke="${lighten(eye, 0.2)}" stroke-width="5" fill="none" opacity="0.55"/>`;
  } else {
    // a whale swimming through the night sky
    const wy = range(rng, 300, 380);
    const wx = W / 2 + range(rng, -60, 60);
    body += `<path d="M${f(wx - dir * 260)},${f(wy)}Q${f(wx - dir * 250)},${f(wy - 110)} ${f(wx - dir * 60)},${f(wy - 95)}Q${f(wx + dir * 150)},${f(wy - 80)} ${f(wx + dir * 260)},${f(wy - 10)}L${f(wx + dir * 330)},${f(wy - 70)}Q${f(wx + dir * 320)},${f(wy - 5)} ${f(wx + dir * 350)},${f(wy + 30)}Q${f(wx + dir * 300)},${f(wy + 20)} ${f(wx + dir * 255)},${f(wy + 25)}Q${f(wx + dir * 120)},${f(wy + 75)} ${f(wx - dir * 100)},${f(wy + 60)}Q${f(wx - dir * 250)},${f(wy + 55)} ${f(wx - dir * 260)},${f(wy)}Z"/>`;
    body += `<path d="M${f(wx - dir * 60)},${f(wy + 50)}Q${f(wx - dir * 20)},${f(wy + 120)} ${f(wx + dir * 40)},${f(wy + 125)}Q${f(wx + dir * 10)},${f(wy + 80)} ${f(wx + dir * 20)},${f(wy + 55)}Z"/>`;
    for (let k = 0; k < 6; k++) {
      eyes += `<path d="M${f(wx - dir * (200 - k * 40))},${f(wy + 30 + k * 3)}Q${f(wx - dir * (180 - k * 40))},${f(wy + 55)} ${f(wx - dir * (160 - k * 40))},${f(wy + 42 + k * 3)}" stroke="${lighten(dark, 0.3)}" stroke-width="3" fill="none"/>`;
    }
    eyes += `<circle cx="${f(wx - dir * 180)}" cy="${f(wy - 10)}" r="7" fill="${eye}"/>`;
    for (let k = 0; k < 14; k++) {
      eyes += `<circle cx="${f(wx + range(rng, -300, 300))}" cy="${f(wy + range(rng, 60, 200))}" r="${f(range(rng, 2, 6))}" fill="${eye}" opacity="${f(range(rng, 0.3, 0.8))}"/>`;
    }
  }
  const rim = lighten(moonColour, 0.3);
  out += `<g fill="${rim}" stroke="${rim}" filter="${blur(ctx, 3)}">${body}</g>`;
  out += `<g fill="${dark}" stroke="${dark}" transform="translate(${f(-dir * 5)} 2)">${body}</g>`;
  out += eyes;
  // fireflies
  for (let i = 0; i < int(rng, 10, 20); i++) {
    const x = range(rng, 0, W);
    const y = range(rng, H * 0.55, H - 20);
    out += glow(ctx, x, y, 10, eye, 0.8);
  }
  out += vignette(ctx, 0.35);
  return out;
}

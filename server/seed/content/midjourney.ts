// Midjourney prompts (generator 1): keyword-style prompts with parameters (--ar, --v, --style raw...).
import { articleFor, buildFlexible, capitalise, rot, sentences, titleCase, type Rng } from './lib.ts';
import type { PaletteName } from './palettes.ts';
import type { Draft, Recipe } from './recipe.ts';
import { CAMERAS, FILMS, mjParams, usageTip } from './vocab.ts';

const tip = (r: Rng, d: Omit<Draft, 'description'>, lines: string[]): Draft => ({
  ...d,
  description: sentences(...lines, usageTip(r, 1, d.variables)),
});

const LANDSCAPE_TIMES: { title: string; example: string; phrase: string; palette: PaletteName }[] = [
  { title: 'at Dawn', example: 'dawn, first light on the peaks', phrase: 'at dawn', palette: 'dawn' },
  {
    title: 'at Golden Hour',
    example: 'golden hour, long warm shadows',
    phrase: 'at golden hour',
    palette: 'golden',
  },
  {
    title: 'under the Milky Way',
    example: 'clear night, the Milky Way overhead',
    phrase: 'under the Milky Way',
    palette: 'night',
  },
  {
    title: 'in Autumn Fog',
    example: 'a foggy autumn morning',
    phrase: 'on a foggy autumn morning',
    palette: 'autumn',
  },
  {
    title: 'After the First Snow',
    example: 'the morning after the first snowfall',
    phrase: 'after the first snow',
    palette: 'winter',
  },
  {
    title: 'at Blue Hour',
    example: 'blue hour, lights coming on',
    phrase: 'at blue hour',
    palette: 'bluehour',
  },
  {
    title: 'Before the Storm',
    example: 'the moment before a summer thunderstorm',
    phrase: 'before a storm',
    palette: 'storm',
  },
];

const landscape: Recipe = {
  key: 'mj-landscape',
  generator: 1,
  count: 8,
  subjects: [
    'a misty alpine lake',
    'a volcanic black sand beach',
    'the lavender fields of Provence',
    'a Patagonian granite peak',
    'a Scottish highland glen',
    'a redwood forest trail',
    'terraced rice fields in Bali',
    'a Norwegian fjord village',
    'a Dolomites mountain pass',
    'a quiet birch forest',
  ],
  make: (s, r, i) => {
    const flat = /beach|rice|lavender/.test(s.bare);
    const times = LANDSCAPE_TIMES.filter((t) => !flat || !/Snow|Fog/.test(t.title));
    const time = rot(times, i, 2);
    const lens = r.pick([
      '24mm wide-angle lens',
      '16mm ultra-wide lens',
      '70-200mm telephoto lens',
      '35mm f/1.4 lens',
    ]);
    const cam = r.pick(CAMERAS);
    const film = r.pick(['Fujifilm Velvia 50', 'Kodak Ektar 100', 'Kodak Portra 400']);
    const t = buildFlexible(
      r,
      `${s.lead}{1}, {2}, layered mist drifting through the valley, {3}, shot on ${cam} with a ${lens}, ${film}, ` +
        `ultra-detailed landscape photography, {4} color grading ${mjParams(r, { ar: ['3:2', '16:9', '2:1'], raw: 0.7, stylize: [100, 350] })}`,
      [
        ['Location', s.text],
        ['Time & weather', time.example],
        [
          'Foreground',
          r.pick([
            'wildflowers in the foreground',
            'a weathered wooden jetty in the foreground',
            'mossy boulders in the foreground',
            'a lone hiker for scale',
          ]),
        ],
        ['Color grade', r.pick(['cool teal and amber', 'soft pastel', 'rich natural', 'muted filmic'])],
      ],
      2,
    );
    return tip(
      r,
      {
        title: `${s.title} ${time.title}`,
        ...t,
        tags: ['landscape', 'photography', 'nature', r.pick(['travel', 'wallpaper', 'cinematic'])],
        scene: 'landscape',
        palette: time.palette,
      },
      [
        r.pick([
          `Photorealistic landscapes of ${s.text} ${time.phrase}, written like a real location shoot with camera, lens and film stock spelled out`,
          `Creates wide, atmospheric photographs of ${s.text} ${time.phrase} with layered mist and crisp detail from foreground to horizon`,
        ]),
        r.pick([
          'The film stock and color grade keep a calm, editorial look instead of the oversaturated style Midjourney drifts into by default',
          'Good for wallpapers, travel blogs, calendar pages and large prints',
        ]),
      ],
    );
  },
};

const PORTRAIT_LIGHTS: { title: string; example: string; palette: PaletteName }[] = [
  { title: 'Rembrandt-Lit', example: 'Rembrandt lighting from a single window', palette: 'coffee' },
  { title: 'Neon-Lit', example: 'magenta and cyan neon light with rain reflections', palette: 'neon' },
  { title: 'Low-Key', example: 'low-key light with deep shadows', palette: 'noir' },
  { title: 'Golden Hour', example: 'warm golden hour backlight', palette: 'golden' },
  { title: 'Film Noir', example: 'hard light through venetian blinds', palette: 'noir' },
  { title: 'Window-Light', example: 'soft diffused window light', palette: 'earth' },
  { title: 'Candlelit', example: 'warm candlelight from below', palette: 'ember' },
];

const portrait: Recipe = {
  key: 'mj-portrait',
  generator: 1,
  count: 7,
  subjects: [
    'an old fisherman mending nets',
    'a jazz singer backstage',
    'a cyberpunk courier in the rain',
    'a nomad in the Sahara',
    'a ballet dancer between rehearsals',
    'a retired boxer in his old gym',
    'a young beekeeper',
    'a street violinist in Prague',
    'a lighthouse keeper',
  ],
  make: (s, r, i) => {
    const light = rot(PORTRAIT_LIGHTS, i);
    const t = buildFlexible(
      r,
      `cinematic portrait of ${s.lead}{1}, {2}, ${r.pick(['85mm f/1.8 portrait lens', '50mm f/1.2 lens', '105mm lens'])}, shallow depth of field, ` +
        `${r.pick(FILMS)}, subtle film grain, an expression of {3}, ${r.pick(['documentary realism', 'award-winning editorial portrait', 'intimate environmental portrait'])} ` +
        mjParams(r, { ar: ['4:5', '2:3', '3:4'], raw: 0.8, stylize: [50, 250] }),
      [
        ['Subject', s.text],
        ['Lighting', light.example],
        [
          'Emotion',
          r.pick([
            'quiet pride',
            'tired determination',
            'gentle amusement',
            'calm focus',
            'weathered kindness',
          ]),
        ],
      ],
      2,
    );
    return tip(
      r,
      {
        title: `${light.title} Portrait of ${titleCase(s.text, true)}`,
        ...t,
        tags: ['portrait', 'photography', 'cinematic', r.pick(['character', 'editorial'])],
        scene: 'portrait',
        palette: light.palette,
      },
      [
        r.pick([
          `A character-driven portrait prompt: ${s.text}, lit with ${light.example.split(' with ')[0]}`,
          `Produces intimate, film-like close-ups of ${s.text} that look like frames from a documentary`,
        ]),
        r.pick([
          'Lens, grain and depth of field are fixed so faces stay natural instead of plastic',
          'The --style raw setting keeps skin texture honest and the lighting believable',
        ]),
      ],
    );
  },
};

const FANTASY: Record<
  string,
  { outfit: string; prop: string; palette: PaletteName; scene: 'portrait' | 'creature' }
> = {
  'elven ranger': {
    outfit: 'weathered leather armour and a moss-green cloak',
    prop: 'a longbow carved from ash',
    palette: 'forest',
    scene: 'portrait',
  },
  'dwarven blacksmith': {
    outfit: 'a scorched leather apron over chainmail',
    prop: 'a glowing war hammer',
    palette: 'ember',
    scene: 'portrait',
  },
  'storm sorceress': {
    outfit: 'flowing robes stitched with silver runes',
    prop: 'a staff crackling with lightning',
    palette: 'storm',
    scene: 'portrait',
  },
  'clockwork knight': {
    outfit: 'brass plate armour full of visible gears',
    prop: 'a tower shield with a steam vent',
    palette: 'golden',
    scene: 'portrait',
  },
  'forest druid': {
    outfit: 'bark and leaf garments with antler ornaments',
    prop: 'a gnarled oak staff with a glowing seed',
    palette: 'forest',
    scene: 'creature',
  },
  'sky pirate captain': {
    outfit: 'a long navy coat with brass buttons and aviator goggles',
    prop: 'a spyglass and a curved saber',
    palette: 'royal',
    scene: 'portrait',
  },
  'desert bounty hunter': {
    outfit: 'sand-coloured wraps and a battered duster coat',
    prop: 'a long rifle wrapped in cloth',
    palette: 'desert',
    scene: 'portrait',
  },
  'frost giant shaman': {
    outfit: 'white furs, bone jewellery and blue war paint',
    prop: 'a totem of frozen crystal',
    palette: 'winter',
    scene: 'creature',
  },
};

const fantasy: Recipe = {
  key: 'mj-fantasy',
  generator: 1,
  count: 6,
  subjects: Object.keys(FANTASY).map((k) => `${articleFor(k)} ${k}`),
  make: (s, r, i) => {
    const f = FANTASY[s.bare] ?? {
      outfit: 'ornate travelling clothes',
      prop: 'an enchanted lantern',
      palette: 'royal' as const,
      scene: 'portrait' as const,
    };
    const kind = rot(['Character Concept Art', 'Character Sheet', 'Full-Body Concept'], i);
    const t = buildFlexible(
      r,
      `full-body character concept art of ${s.lead}{1}, wearing {2}, holding {3}, dynamic heroic pose, painterly digital illustration, ` +
        `intricate costume design, {4}, neutral grey background, artstation quality ${mjParams(r, { ar: ['2:3', '9:16'], stylize: [300, 600] })}`,
      [
        ['Character', s.text],
        ['Outfit', f.outfit],
        ['Prop', f.prop],
        [
          'Art style',
          r.pick([
            'in the style of a painted trading card',
            'loose gouache rendering',
            'cel-shaded game art',
            'muted oil painting palette',
          ]),
        ],
      ],
      3,
    );
    return tip(
      r,
      {
        title: `${s.title} ${kind}`,
        ...t,
        tags: ['fantasy', 'character', 'concept-art', r.pick(['game-art', 'illustration'])],
        scene: f.scene,
        palette: f.palette,
      },
      [
        r.pick([
          `Full-body concept art of ${s.text} in a readable heroic pose, ready for a game pitch, a tabletop campaign or a novel cover`,
          `Designs a complete fantasy character, ${s.text}, with costume, prop and silhouette that read at a glance`,
        ]),
        'The neutral background keeps the character easy to cut out and place in a turnaround sheet',
      ],
    );
  },
};

const PRODUCT_SETTINGS: { title: string; example: string; palette: PaletteName }[] = [
  { title: 'on Marble Pedestal', example: 'on a white marble pedestal', palette: 'pastel' },
  { title: 'Floating in Pastel Clouds', example: 'floating among soft pastel clouds', palette: 'candy' },
  { title: 'Studio Splash Shot', example: 'in a frozen splash of water droplets', palette: 'ocean' },
  { title: 'on Wet Black Stone', example: 'on wet black volcanic stone', palette: 'noir' },
  { title: 'in Desert Sand Dunes', example: 'half-buried in rippled desert sand', palette: 'desert' },
  { title: 'with Citrus Slices', example: 'surrounded by fresh citrus slices', palette: 'citrus' },
  { title: 'on Mossy Forest Floor', example: 'on a bed of moss with ferns', palette: 'forest' },
];

const product: Recipe = {
  key: 'mj-product',
  generator: 1,
  count: 7,
  subjects: [
    'a glass perfume bottle',
    'a wireless earbud case',
    'a handmade ceramic mug',
    'a luxury skincare serum',
    'a craft beer can',
    'a minimalist leather watch',
    'a white running sneaker',
    'a scented soy candle',
    'an artisan chocolate bar',
  ],
  make: (s, r, i) => {
    const set = rot(PRODUCT_SETTINGS, i, 3);
    const t = buildFlexible(
      r,
      `commercial product photography of ${s.lead}{1} {2}, {3} backdrop, softbox lighting with crisp reflections, hyper-realistic materials, ` +
        `high-end advertising campaign, 100mm macro lens ${mjParams(r, { ar: ['4:5', '1:1', '3:4'], raw: 0.9, stylize: [50, 200], no: 'text, logo, watermark' })}`,
      [
        ['Product', s.text],
        ['Setting', set.example],
        [
          'Background colour',
          r.pick([
            'warm sand and blush pink',
            'deep emerald',
            'soft lilac gradient',
            'clean seamless white',
            'charcoal grey',
          ]),
        ],
      ],
      2,
    );
    return tip(
      r,
      {
        title: `${s.title} ${set.title}`,
        ...t,
        tags: ['product', 'photography', r.pick(['advertising', 'ecommerce']), 'marketing'],
        scene: 'geometric',
        palette: set.palette,
      },
      [
        r.pick([
          `Studio-quality product shots of ${s.text} ${set.example}, ready for a landing page hero or a social ad`,
          `Turns ${s.text} into a polished advertising image ${set.example}, with believable reflections and soft shadows`,
        ]),
        r.pick([
          'Swap in your own product and backdrop colour to build a consistent catalogue in minutes',
          'The --no text, logo setting stops Midjourney inventing fake branding, so you can add your own label later',
        ]),
      ],
    );
  },
};

const POSTERS: {
  title: string;
  subject: string;
  style: string;
  colours: string;
  scene: 'space' | 'city' | 'landscape' | 'ocean';
  palette: PaletteName;
}[] = [
  {
    title: 'Retro Sci-Fi Paperback Cover',
    subject: 'a lone astronaut on a red desert planet',
    style: '1970s pulp paperback',
    colours: 'burnt orange, teal and cream',
    scene: 'space',
    palette: 'desert',
  },
  {
    title: 'Vintage Travel Poster of Kyoto',
    subject: 'Kyoto pagodas among maple trees',
    style: '1930s railway travel poster',
    colours: 'vermilion, ink black and rice-paper beige',
    scene: 'city',
    palette: 'autumn',
  },
  {
    title: 'Art Deco Lakeside Resort Poster',
    subject: 'a grand lakeside hotel with a steamboat',
    style: 'Art Deco',
    colours: 'navy, gold and ivory',
    scene: 'landscape',
    palette: 'royal',
  },
  {
    title: 'Pulp Mystery Novel Cover',
    subject: 'a detective under a streetlamp in the fog',
    style: '1950s pulp noir',
    colours: 'blood red, black and mustard',
    scene: 'city',
    palette: 'noir',
  },
  {
    title: 'Mid-Century National Park Poster',
    subject: 'a canyon with a winding river at sunset',
    style: 'WPA-era screen print',
    colours: 'sunset orange, sage and deep purple',
    scene: 'landscape',
    palette: 'desert',
  },
  {
    title: 'Space Race Propaganda Poster',
    subject: 'a rocket rising above the clouds',
    style: 'Soviet constructivist',
    colours: 'red, black and cream',
    scene: 'space',
    palette: 'ember',
  },
  {
    title: 'Riviera Summer Travel Poster',
    subject: 'a seaside promenade with striped umbrellas',
    style: '1960s Riviera travel poster',
    colours: 'turquoise, coral and sun yellow',
    scene: 'ocean',
    palette: 'tropical',
  },
];

const poster: Recipe = {
  key: 'mj-poster',
  generator: 1,
  count: 5,
  subjects: POSTERS.map((p) => p.title),
  make: (s, r) => {
    const p = POSTERS.find((x) => x.title === s.text) ?? (POSTERS[0] as (typeof POSTERS)[number]);
    const t = buildFlexible(
      r,
      `{1}, ${'{2}'} style poster illustration, {3}, limited color palette, screen-printed texture, bold flat shapes, ` +
        `generous empty space at the top for a title ${mjParams(r, { ar: ['2:3', '3:4'], stylize: [200, 500], no: 'text, letters' })}`,
      [
        ['Scene', p.subject],
        ['Era & style', p.style],
        ['Colors', p.colours],
      ],
      2,
    );
    return tip(
      r,
      {
        title: p.title,
        ...t,
        tags: [
          'poster',
          'vintage',
          'illustration',
          p.scene === 'space' ? 'sci-fi' : r.pick(['travel', 'book-cover']),
        ],
        scene: p.scene,
        palette: p.palette,
      },
      [
        `Recreates the look of a ${p.style} print: ${p.subject}, flat shapes and a tight ${p.colours} palette`,
        r.pick([
          'Letters are suppressed with --no text so you can set the real title yourself in any design tool',
          'Ideal for wall art, book covers, event flyers and themed merchandise',
        ]),
      ],
    );
  },
};

const isometric: Recipe = {
  key: 'mj-isometric',
  generator: 1,
  count: 5,
  subjects: [
    'a cozy bedroom',
    'a tiny ramen shop',
    'a plant-filled reading nook',
    "a gamer's loft",
    "a witch's apothecary",
    'a rooftop greenhouse',
    'a pastel bakery',
    'a home recording studio',
  ],
  make: (s, r) => {
    const pal = r.pick<PaletteName>(['pastel', 'mint', 'golden', 'lavender', 'candy']);
    const t = buildFlexible(
      r,
      `isometric 3D diorama of ${s.lead}{1}, cutaway room on a floating square base, {2}, soft global illumination, tiny detailed props, ` +
        `clay render, {3} color palette, cute and cozy ${mjParams(r, { ar: ['1:1'], stylize: [200, 450] })}`,
      [
        ['Room', s.text],
        [
          'Details',
          r.pick([
            'string lights, a sleeping cat and stacks of books',
            'steam rising from bowls and paper lanterns',
            'hanging plants and a vinyl player',
            'glowing jars, herbs drying from the ceiling',
          ]),
        ],
        [
          'Palette',
          r.pick(['warm peach and sage', 'soft pastel', 'mint and cream', 'lavender and butter yellow']),
        ],
      ],
      1,
    );
    return tip(
      r,
      {
        title: `Isometric ${s.title} Diorama`,
        ...t,
        tags: ['isometric', '3d', 'interior', r.pick(['game-art', 'illustration'])],
        scene: 'interior',
        palette: pal,
      },
      [
        `A tiny cutaway world: ${s.text} as a miniature isometric room on a floating base, full of small props`,
        r.pick([
          'Great for app onboarding screens, game pitches and cute social posts',
          'The square format and clay-render look make every room in a series match',
        ]),
      ],
    );
  },
};

const anime: Recipe = {
  key: 'mj-anime',
  generator: 1,
  count: 5,
  subjects: [
    'a Tokyo rooftop at sunset',
    'a countryside train stop',
    'a rainy convenience store at night',
    'a seaside town in summer',
    'a shrine path under cherry blossoms',
    'a floating island village',
  ],
  make: (s, r) => {
    const night = /night|rain/.test(s.bare);
    const t = buildFlexible(
      r,
      `anime background art, ${s.lead}{1}, {2}, lush painted clouds, detailed hand-painted scenery, nostalgic slice-of-life mood, {3} ` +
        mjParams(r, { ar: ['16:9', '21:9'], niji: true, stylize: [100, 300] }),
      [
        ['Scene', s.text],
        [
          'Time & weather',
          night
            ? 'late night, light rain, glowing signs'
            : r.pick([
                'late afternoon, towering summer clouds',
                'early morning haze',
                'golden evening light',
              ]),
        ],
        [
          'Extra details',
          r.pick([
            'a student on a bicycle in the distance',
            'a cat asleep on a wall',
            'power lines and cicadas',
            'paper lanterns swaying',
          ]),
        ],
      ],
      2,
    );
    return tip(
      r,
      {
        title: `Anime ${s.title}`,
        ...t,
        tags: [
          'anime',
          'illustration',
          'wallpaper',
          /train|town|rooftop|store/.test(s.bare) ? 'city' : 'landscape',
        ],
        scene: night || /town|rooftop|store/.test(s.bare) ? 'city' : 'landscape',
        palette: night ? 'cyberpunk' : r.pick(['sakura', 'bluehour', 'golden']),
      },
      [
        `Hand-painted anime backgrounds of ${s.text}, with big skies and small everyday details`,
        r.pick([
          'Uses the Niji 6 model, which handles anime lighting and line work better than the standard model',
          'Looks great as a phone or desktop wallpaper and as a backdrop for visual novels',
        ]),
      ],
    );
  },
};

const LOGOS: [string, string][] = [
  ['a fox', 'a specialty coffee roaster'],
  ['an owl', 'an independent bookshop'],
  ['a whale', 'a sailing school'],
  ['a honeybee', 'a small-batch honey brand'],
  ['a mountain', 'an outdoor gear company'],
  ['a rocket', 'a software startup'],
  ['a wave', 'a surf shop'],
  ['a lion', 'a boxing gym'],
];

const logo: Recipe = {
  key: 'mj-logo',
  generator: 1,
  count: 5,
  subjects: LOGOS.map(([a]) => a),
  make: (s, r) => {
    const brand = LOGOS.find(([a]) => a === s.text)?.[1] ?? 'a local business';
    const t = buildFlexible(
      r,
      `minimalist vector logo of ${s.lead}{1} for {2}, clean geometric lines, clever negative space, flat {3} colors, centered on a white background, ` +
        `professional brand identity ${mjParams(r, { ar: ['1:1'], stylize: [50, 200], no: 'gradients, shadows, text, mockup' })}`,
      [
        ['Symbol', s.text],
        ['Business', brand],
        [
          'Colors',
          r.pick([
            'two-tone navy and orange',
            'black and gold',
            'forest green and cream',
            'single-color charcoal',
          ]),
        ],
      ],
      2,
    );
    return tip(
      r,
      {
        title: `Minimalist ${s.title} Logo for ${titleCase(brand, true)}`,
        ...t,
        tags: ['logo', 'branding', 'vector', 'minimalist'],
        scene: 'geometric',
        palette: 'bauhaus',
      },
      [
        `Explores clean, geometric logo marks built around ${s.text} for ${brand}`,
        'Gradients, shadows and fake lettering are switched off, so the results are easy to trace into a real vector file',
      ],
    );
  },
};

const space: Recipe = {
  key: 'mj-space',
  generator: 1,
  count: 5,
  subjects: [
    'a ringed gas giant over an alien desert',
    'an abandoned space station orbiting Neptune',
    'a nebula nursery of newborn stars',
    'a colony ship leaving Earth',
    'twin moons over a frozen ocean world',
    'a derelict starship in an asteroid field',
  ],
  make: (s, r) => {
    const t = buildFlexible(
      r,
      `epic sci-fi matte painting, ${s.lead}{1}, {2}, scale emphasized by {3}, volumetric light, cinematic composition, ultra-detailed, ` +
        `classic space-age concept art ${mjParams(r, { ar: ['21:9', '16:9'], stylize: [300, 700], chaos: 1 })}`,
      [
        ['Scene', s.text],
        [
          'Lighting',
          r.pick([
            'light from a distant blue sun',
            'the glow of a nearby nebula',
            'harsh white starlight and deep shadows',
          ]),
        ],
        [
          'Scale cue',
          r.pick([
            'a tiny silhouetted explorer',
            'a small shuttle in the foreground',
            'a lone rover on a ridge',
          ]),
        ],
      ],
      2,
    );
    return tip(
      r,
      {
        title: s.title,
        ...t,
        tags: ['space', 'sci-fi', 'cinematic', r.pick(['wallpaper', 'concept-art'])],
        scene: 'space',
        palette: r.pick(['cosmic', 'night', 'cyberpunk']),
      },
      [
        `Big-screen science fiction: ${s.text}, painted like a matte shot from a space epic`,
        'A small figure or vehicle is written in to give a sense of huge scale',
      ],
    );
  },
};

const architecture: Recipe = {
  key: 'mj-architecture',
  generator: 1,
  count: 4,
  subjects: [
    'a brutalist concrete library',
    'a modernist glass house in a pine forest',
    'a Japanese tea house on a hillside',
    'a Scandinavian cabin on a fjord',
    'a desert villa with rammed-earth walls',
    'a spiral art museum',
  ],
  make: (s, r) => {
    const t = buildFlexible(
      r,
      `architectural photography of ${s.lead}{1}, {2}, clean lines, {3}, shot with a tilt-shift lens, editorial architecture magazine, photorealistic ` +
        mjParams(r, { ar: ['3:2', '4:5'], raw: 0.9, stylize: [50, 200] }),
      [
        ['Building', s.text],
        [
          'Setting & time',
          r.pick([
            'surrounded by snow at blue hour',
            'in soft morning fog',
            'at golden hour with long shadows',
            'after rain, with reflections',
          ]),
        ],
        [
          'Materials',
          r.pick([
            'board-formed concrete and warm oak',
            'glass, steel and cedar',
            'rammed earth and travertine',
            'charred timber and zinc',
          ]),
        ],
      ],
      2,
    );
    return tip(
      r,
      {
        title: `${s.title}, Architectural Photo`,
        ...t,
        tags: ['architecture', 'photography', r.pick(['interior', 'minimalist'])],
        scene: /tea house|cabin|villa/.test(s.bare) ? 'landscape' : 'city',
        palette: r.pick(['earth', 'storm', 'bluehour', 'winter']),
      },
      [
        `Magazine-style architecture shots of ${s.text}, with straight verticals and honest materials`,
        'Useful for mood boards, design pitches and concept presentations',
      ],
    );
  },
};

const food: Recipe = {
  key: 'mj-food',
  generator: 1,
  count: 4,
  subjects: [
    'a rustic sourdough loaf',
    'a bowl of tonkotsu ramen',
    'a stack of blueberry pancakes',
    'a Neapolitan pizza',
    'a matcha latte',
    'a summer berry tart',
  ],
  make: (s, r, i) => {
    const moody = i % 2 === 0;
    const t = buildFlexible(
      r,
      `food photography of ${s.lead}{1}, {2} styling, {3}, natural window light from the side, shallow depth of field, steam and crumbs, ` +
        `editorial cookbook look, 50mm lens ${mjParams(r, { ar: ['4:5', '3:4'], raw: 0.9, stylize: [50, 200] })}`,
      [
        ['Dish', s.text],
        ['Styling', moody ? 'dark and moody' : 'bright and airy'],
        [
          'Props',
          r.pick([
            'linen napkin and vintage cutlery on a walnut table',
            'scattered flour on a marble counter',
            'fresh herbs and a ceramic jug',
          ]),
        ],
      ],
      2,
    );
    return tip(
      r,
      {
        title: moody ? `Dark and Moody ${s.title}` : `Bright Overhead Shot of ${titleCase(s.text, true)}`,
        ...t,
        tags: ['food', 'photography', r.pick(['restaurant', 'marketing'])],
        scene: 'botanical',
        palette: moody ? 'coffee' : 'citrus',
      },
      [
        `Appetising cookbook-style photos of ${s.text}, ${moody ? 'dark and moody with deep shadows' : 'bright and airy with soft daylight'}`,
        'Perfect for menus, recipe blogs and delivery-app listings',
      ],
    );
  },
};

const fashion: Recipe = {
  key: 'mj-fashion',
  generator: 1,
  count: 4,
  subjects: [
    'a sculptural red gown',
    'an oversized streetwear look',
    'a linen summer suit',
    'a chunky knitwear collection',
    'a flowing couture cape',
  ],
  make: (s, r) => {
    const t = buildFlexible(
      r,
      `high-fashion editorial photograph, model wearing ${s.lead}{1}, {2}, {3}, dramatic pose, bold art direction, medium format, 80mm lens ` +
        mjParams(r, { ar: ['2:3', '4:5'], raw: 0.8, stylize: [100, 300] }),
      [
        ['Outfit', s.text],
        [
          'Location',
          r.pick([
            'on a windswept Icelandic beach',
            'in an empty brutalist stairwell',
            'among white desert dunes',
            'on a Seoul rooftop',
          ]),
        ],
        ['Lighting', r.pick(['overcast diffused light', 'hard flash at dusk', 'late sun with lens flare'])],
      ],
      2,
    );
    return tip(
      r,
      {
        title: `${s.title} Fashion Editorial`,
        ...t,
        tags: ['fashion', 'editorial', 'portrait', 'photography'],
        scene: 'portrait',
        palette: r.pick(['rose', 'noir', 'desert', 'pastel']),
      },
      [
        `Magazine-style fashion images built around ${s.text}, with a location and light that tell a story`,
        'Use it for lookbooks, mood boards and campaign concepts before a real shoot',
      ],
    );
  },
};

const CUTE: Record<string, [string, string]> = {
  'red panda barista': ['pouring latte art behind a tiny counter', 'a cozy autumn café'],
  'corgi astronaut': ['waving from a little lunar rover', 'the surface of the moon with Earth rising'],
  'fluffy snow owl': ['perched on a snowy branch', 'a quiet winter forest at dusk'],
  'sleepy cat on a windowsill': ['curled up in a sunbeam', 'a plant-filled apartment'],
  'baby dragon made of moss': ['curled around a mushroom', 'an ancient forest floor'],
  'fox in a knitted scarf': ['sitting in falling snow', 'a village square with fairy lights'],
};

const creature: Recipe = {
  key: 'mj-creature',
  generator: 1,
  count: 4,
  subjects: Object.keys(CUTE).map((k) => `${articleFor(k)} ${k}`),
  make: (s, r) => {
    const [action, setting] = CUTE[s.bare] ?? ['sitting happily', 'a sunny meadow'];
    const t = buildFlexible(
      r,
      `adorable ${s.lead}{1}, {2}, soft 3D render, big expressive eyes, fluffy fur detail, {3}, cinematic rim light, shallow depth of field ` +
        mjParams(r, { ar: ['1:1', '4:5'], stylize: [250, 500] }),
      [
        ['Character', s.text],
        ['Action', action],
        ['Setting', setting],
      ],
      2,
    );
    return tip(
      r,
      {
        title: `${s.title}, Cute 3D Character`,
        ...t,
        tags: ['animals', 'cute', '3d', 'character'],
        scene: 'creature',
        palette: r.pick(['autumn', 'night', 'winter', 'forest']),
      },
      [
        `Charming 3D character renders of ${s.text}, ${action}`,
        'Made for stickers, kids’ merch, greeting cards and mascots',
      ],
    );
  },
};

const abstract: Recipe = {
  key: 'mj-abstract',
  generator: 1,
  count: 3,
  subjects: ['liquid chrome waves', 'iridescent glass ribbons', 'soft gradient blobs', 'marbled ink swirls'],
  make: (s, r) => {
    const t = buildFlexible(
      r,
      `abstract {1}, {2} gradient, smooth flowing forms, ultra-high resolution 3D render, subtle grain, minimalist composition, {3} ` +
        mjParams(r, { ar: ['16:9', '9:16'], stylize: [400, 750], chaos: 1 }),
      [
        ['Forms', s.text],
        [
          'Colors',
          r.pick([
            'deep violet to peach',
            'midnight blue to mint',
            'tangerine to magenta',
            'graphite to silver',
          ]),
        ],
        [
          'Layout',
          r.pick(['empty center for desktop icons', 'focus on the lower third', 'balanced diagonal flow']),
        ],
      ],
      2,
    );
    return tip(
      r,
      {
        title: `${capitalise(s.title)} ${r.pick(['Wallpaper', 'Background'])}`,
        ...t,
        tags: ['abstract', 'wallpaper', '3d', 'background'],
        scene: 'abstract',
        palette: r.pick(['cosmic', 'neon', 'candy', 'lavender']),
      },
      [
        `Smooth, high-resolution abstract renders of ${s.text} that work as wallpapers and presentation backgrounds`,
        'Switch the ratio to 9:16 for phone screens and stories',
      ],
    );
  },
};

export const MIDJOURNEY_RECIPES: Recipe[] = [
  landscape,
  portrait,
  fantasy,
  product,
  poster,
  isometric,
  anime,
  logo,
  space,
  architecture,
  food,
  fashion,
  creature,
  abstract,
];

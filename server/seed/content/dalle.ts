// DALL.E prompts (generator 2): natural-language image descriptions with a format line.
import { articleFor, buildFlexible, rot, sentences, subject, titleCase, type Rng } from './lib.ts';
import type { PaletteName } from './palettes.ts';
import type { Draft, Recipe } from './recipe.ts';
import { DALLE_FORMATS, usageTip } from './vocab.ts';

const tip = (r: Rng, d: Omit<Draft, 'description'>, lines: string[]): Draft => ({
  ...d,
  description: sentences(...lines, usageTip(r, 2, d.variables)),
});

const KIDS: Record<string, [string, 'creature' | 'botanical' | 'landscape']> = {
  'little hedgehog who is afraid of the dark': ['in a moonlit garden full of fireflies', 'creature'],
  'brave mouse sailing a teacup': ['across a puddle after the rain', 'botanical'],
  'bear who runs a bakery': ['in a tiny village shop at sunrise', 'creature'],
  'lost penguin in the big city': ['on a snowy street lined with shop windows', 'creature'],
  'dragon learning to read': ['in a cave library full of candles', 'creature'],
  'rabbit planting a moon garden': ['under a huge silver moon', 'botanical'],
  'turtle on a hot-air balloon trip': ['above patchwork fields and rivers', 'landscape'],
  'shy owl librarian': ['in a hollow tree full of books', 'creature'],
};

const kids: Recipe = {
  key: 'dalle-kids',
  generator: 2,
  count: 7,
  subjects: Object.keys(KIDS).map((k) => `${articleFor(k)} ${k}`),
  make: (s, r, i) => {
    const [setting, scene] = KIDS[s.bare] ?? ['in a sunny meadow', 'creature'];
    const t = buildFlexible(
      r,
      `Create a warm children's picture-book illustration of ${s.lead}{1}. The scene takes place {2}. Use soft gouache textures, ` +
        `rounded friendly shapes and a gentle {3} palette. Leave calm space at the top of the page for a line of text, and keep the mood ` +
        `cozy rather than scary. ${DALLE_FORMATS.wide}`,
      [
        ['Main character', s.text],
        ['Setting', setting],
        [
          'Palette',
          r.pick([
            'pastel blue and honey yellow',
            'sage green and warm peach',
            'lavender and cream',
            'soft teal and coral',
          ]),
        ],
      ],
      2,
    );
    return tip(
      r,
      {
        title:
          i % 2 === 0
            ? `Storybook Illustration of ${titleCase(s.text, true)}`
            : `${s.title}, Picture Book Page`,
        ...t,
        tags: ['kids', 'illustration', 'storytelling', 'animals'],
        scene,
        palette: r.pick(['pastel', 'night', 'mint', 'lavender']),
      },
      [
        `Picture-book spreads starring ${s.text}, painted in soft gouache with friendly rounded shapes`,
        r.pick([
          'Keep the character description the same from page to page to get a consistent hero across a whole book',
          'The empty space at the top leaves room for your story text',
        ]),
      ],
    );
  },
};

const watercolor: Recipe = {
  key: 'dalle-watercolor',
  generator: 2,
  count: 6,
  subjects: [
    'a bouquet of garden peonies',
    'a sprig of eucalyptus',
    'wild meadow flowers',
    'a lemon branch with blossoms',
    'a wreath of autumn leaves',
    'a bunch of lavender',
    'a monstera leaf',
    'cherry blossoms',
  ],
  make: (s, r, i) => {
    const t = buildFlexible(
      r,
      `A loose botanical watercolor painting of ${s.lead}{1} on textured cold-press paper. Soft wet-on-wet washes, visible pigment blooms ` +
        `and a few fine ink details. Colors: {2}. Composition: {3}, with plenty of white space around it so it can be cut out for cards ` +
        `and invitations. ${DALLE_FORMATS.square}`,
      [
        ['Plant', s.text],
        [
          'Colours',
          r.pick([
            'blush pink, coral and sage green',
            'lemon yellow and olive',
            'dusty purple and grey-green',
            'rust, ochre and burgundy',
          ]),
        ],
        [
          'Composition',
          r.pick([
            'centered with a slight diagonal flow',
            'a corner arrangement for a card border',
            'a symmetrical wreath',
          ]),
        ],
      ],
      1,
    );
    const title = rot(
      [
        `Watercolor ${s.title}`,
        `Loose Watercolor ${s.title} for Greeting Cards`,
        `${s.title} Watercolor Clip Art`,
      ],
      i,
    );
    return tip(
      r,
      {
        title,
        ...t,
        tags: ['watercolor', 'botanical', 'illustration', r.pick(['wedding', 'stationery'])],
        scene: 'botanical',
        palette: r.pick(['sakura', 'pastel', 'forest', 'autumn', 'lavender']),
      },
      [
        `Delicate botanical watercolors of ${s.text} with real paper texture and soft pigment blooms`,
        r.pick([
          'Made for wedding stationery, greeting cards and printable wall art',
          'The white margins make the motif easy to cut out and reuse',
        ]),
      ],
    );
  },
};

const ICONS: Record<string, string> = {
  'weather icon set': 'a set of twelve weather icons',
  'kitchen utensil sticker sheet': 'a sticker sheet of kitchen utensils',
  'travel emoji set': 'a set of travel emoji',
  'fitness app icon set': 'a set of fitness app icons',
  'cute space sticker sheet': 'a sticker sheet of cute planets and rockets',
  'coffee shop icon set': 'a set of coffee shop icons',
  'gardening sticker sheet': 'a sticker sheet of gardening tools and seedlings',
};

const icons: Recipe = {
  key: 'dalle-icons',
  generator: 2,
  count: 6,
  subjects: Object.keys(ICONS),
  make: (s, r) => {
    const what = ICONS[s.text] ?? 'a set of icons';
    const sticker = s.text.includes('sticker');
    const t = buildFlexible(
      r,
      `Design ${what.startsWith('a ') ? 'a {1}' : '{1}'} in one consistent flat vector style: {2}, thick rounded outlines and a limited palette of {3}. ` +
        `Arrange them on an evenly spaced grid on a plain white background${sticker ? ', each with a white die-cut border' : ''}, with no text or labels. ` +
        `Every item should still read clearly at 64 pixels. ${DALLE_FORMATS.square}`,
      [
        ['Set', what],
        ['Style', r.pick(['friendly and slightly chunky', 'clean and geometric', 'playful kawaii faces'])],
        [
          'Colours',
          r.pick([
            'four warm colours',
            'navy, coral and mustard',
            'pastel mint, pink and lilac',
            'black plus one accent colour',
          ]),
        ],
      ],
      2,
    );
    return tip(
      r,
      {
        title: `Flat ${s.title}`,
        ...t,
        tags: sticker ? ['stickers', 'vector', 'cute', 'icons'] : ['icons', 'vector', 'minimalist', 'ui'],
        scene: 'geometric',
        palette: r.pick(['bauhaus', 'candy', 'pastel', 'teal']),
      },
      [
        `A matching ${sticker ? 'sticker sheet' : 'icon set'}: ${what}, drawn in one flat vector style on a clean grid`,
        r.pick([
          'Handy for apps, planners, print-on-demand stickers and presentations',
          'Ask for the same style again with new objects to extend the set',
        ]),
      ],
    );
  },
};

const MASCOTS: string[] = [
  'a friendly robot mascot for a coding school',
  'a cheerful avocado mascot for a salad bar',
  'a bold bull emblem for a barbecue restaurant',
  'a mountain badge for a trail running club',
  'a playful octopus mascot for a swim school',
  'a retro rocket emblem for a toy store',
];

const mascot: Recipe = {
  key: 'dalle-mascot',
  generator: 2,
  count: 5,
  subjects: MASCOTS,
  make: (s, r) => {
    const [, symbol = s.bare, business = 'a small business'] = /^(.*?) for (.*)$/.exec(s.text) ?? [];
    const t = buildFlexible(
      r,
      `A logo design featuring ${subject(symbol).lead}{1}, made for {2}. Clean vector shapes, a strong silhouette that still works at favicon size, {3}. ` +
        `Centered on a plain white background, no extra text, no mockup. ${DALLE_FORMATS.square}`,
      [
        ['Symbol', symbol],
        ['Business', business],
        [
          'Colours',
          r.pick(['two flat colours with a dark outline', 'a warm three-colour palette', 'monochrome black']),
        ],
      ],
      2,
    );
    return tip(
      r,
      {
        title: s.title,
        ...t,
        tags: ['logo', 'branding', 'mascot', 'vector'],
        scene: /octopus|bull|robot/.test(s.bare) ? 'creature' : 'geometric',
        palette: r.pick(['bauhaus', 'citrus', 'teal', 'ember']),
      },
      [
        `Logo and mascot concepts: ${symbol} for ${business}, drawn as clean vector shapes with a strong silhouette`,
        'Ask DALL.E for a few colour variations, then redraw your favourite as a proper vector',
      ],
    );
  },
};

const mockup: Recipe = {
  key: 'dalle-mockup',
  generator: 2,
  count: 6,
  subjects: [
    'a kraft paper coffee bag',
    'a glass dropper bottle of face oil',
    'a canvas tote bag',
    'a set of minimalist notebooks',
    'a can of sparkling yuzu soda',
    'a box of handmade soap',
    'a ceramic candle jar',
  ],
  make: (s, r, i) => {
    const t = buildFlexible(
      r,
      `A photorealistic product mockup of ${s.lead}{1} with a blank label area, placed {2}. Soft natural daylight, gentle shadows, ` +
        `{3} colour scheme, shallow depth of field. Clean and premium, suitable for an online shop listing. ${DALLE_FORMATS.square}`,
      [
        ['Product', s.text],
        [
          'Setting',
          r.pick([
            'on a linen tablecloth next to dried flowers',
            'on a terrazzo shelf by a sunny window',
            'on a wooden crate with coffee beans',
            'on a bathroom shelf with eucalyptus',
          ]),
        ],
        ['Colours', r.pick(['warm neutral', 'sage and cream', 'terracotta and sand', 'cool grey and white'])],
      ],
      2,
    );
    return tip(
      r,
      {
        title: `${s.title} ${rot(['Packaging Mockup', 'Lifestyle Mockup', 'Product Mockup'], i)}`,
        ...t,
        tags: ['product', 'mockup', 'ecommerce', r.pick(['branding', 'marketing'])],
        scene: 'geometric',
        palette: r.pick(['earth', 'mint', 'desert', 'pastel']),
      },
      [
        `Lifestyle mockups of ${s.text} with an empty label area ready for your own design`,
        'Drop your artwork onto the blank label in any editor and you have a shop-ready product photo',
      ],
    );
  },
};

const PAINT_STYLES: { title: string; example: string }[] = [
  { title: 'Impressionist', example: 'impressionist oil' },
  { title: 'Gouache', example: 'flat gouache' },
  { title: 'Ukiyo-e Style', example: 'Japanese ukiyo-e woodblock' },
  { title: 'Layered Papercut', example: 'layered papercut' },
  { title: 'Oil', example: 'classic oil on canvas' },
];

const landscape: Recipe = {
  key: 'dalle-landscape',
  generator: 2,
  count: 6,
  subjects: [
    'a lighthouse on a rocky coast',
    'a misty valley with a winding river',
    'a lavender field at sunset',
    'a snowy mountain village',
    'a quiet beach at low tide',
    'an autumn forest path',
    'a desert oasis',
  ],
  make: (s, r, i) => {
    const style = rot(PAINT_STYLES, i);
    const coast = /lighthouse|beach/.test(s.bare);
    const t = buildFlexible(
      r,
      `A painting of ${s.lead}{1} in {2} style, {3}. Visible brushwork, rich texture and a clear sense of depth from the foreground to ` +
        `the horizon. ${DALLE_FORMATS.wide} No text.`,
      [
        ['Scene', s.text],
        ['Painting style', style.example],
        [
          'Light & mood',
          r.pick([
            'late afternoon light with long soft shadows',
            'a calm, misty morning',
            'dramatic clouds breaking after rain',
            'the first warm light of sunrise',
          ]),
        ],
      ],
      2,
    );
    return tip(
      r,
      {
        title: `${style.title} Painting of ${titleCase(s.text, true)}`,
        ...t,
        tags: ['landscape', 'painting', 'wall-art', coast ? 'ocean' : 'nature'],
        scene: coast ? 'ocean' : 'landscape',
        palette: /autumn/.test(s.bare)
          ? 'autumn'
          : /snow/.test(s.bare)
            ? 'winter'
            : /lavender/.test(s.bare)
              ? 'lavender'
              : r.pick(['dawn', 'golden', 'ocean']),
      },
      [
        `Painterly landscapes of ${s.text} with visible brushwork and real depth`,
        r.pick([
          'Switch the painting style to get a matching set of prints for one wall',
          'The wide format fits banners, headers and framed prints',
        ]),
      ],
    );
  },
};

const PORTRAIT_STYLES: { title: string; example: string; palette: PaletteName }[] = [
  { title: 'Pop Art', example: 'bold pop art with halftone dots', palette: 'candy' },
  { title: 'Renaissance', example: 'Renaissance oil painting', palette: 'coffee' },
  { title: 'Art Nouveau', example: 'Art Nouveau with ornamental flowers', palette: 'royal' },
  { title: 'Stained Glass', example: 'stained glass with dark lead lines', palette: 'cyberpunk' },
  { title: 'Charcoal Sketch', example: 'expressive charcoal sketch', palette: 'noir' },
  { title: 'Low-Poly', example: 'faceted low-poly 3D', palette: 'teal' },
  { title: 'Papercut', example: 'layered paper cut-out', palette: 'sakura' },
];

const portrait: Recipe = {
  key: 'dalle-portrait',
  generator: 2,
  count: 7,
  subjects: [
    'a jazz trumpeter',
    'a grandmother baking bread',
    'a young astronaut',
    'a flamenco dancer',
    'a tattooed barista',
    'a Victorian botanist',
    'a skateboarder',
    'a chess champion',
  ],
  make: (s, r, i) => {
    const style = rot(PORTRAIT_STYLES, i);
    const t = buildFlexible(
      r,
      `A portrait of ${s.lead}{1} in {2} style. Head-and-shoulders composition, {3}, expressive but respectful, with a simple background ` +
        `that makes the face stand out. ${DALLE_FORMATS.tall}`,
      [
        ['Person', s.text],
        ['Art style', style.example],
        [
          'Mood',
          r.pick(['warm and confident', 'thoughtful and calm', 'joyful, mid-laugh', 'intense concentration']),
        ],
      ],
      2,
    );
    return tip(
      r,
      {
        title: `${style.title} Portrait of ${titleCase(s.text, true)}`,
        ...t,
        tags: ['portrait', 'illustration', 'art', r.pick(['character', 'wall-art'])],
        scene: 'portrait',
        palette: style.palette,
      },
      [
        `Stylised portraits of ${s.text} in ${style.example} style`,
        r.pick([
          'Try the same person in several art styles for a striking gallery wall',
          'Good for avatars, posters, book characters and gifts',
        ]),
      ],
    );
  },
};

const PET_STYLES: { title: string; example: string }[] = [
  {
    title: 'as a Royal Oil Painting',
    example: 'dressed as a Renaissance noble in a velvet robe, painted in oils',
  },
  { title: 'as an Astronaut', example: 'in a tiny astronaut suit floating in space' },
  { title: 'in Watercolor', example: 'painted in loose watercolor with splashes of colour' },
  { title: 'in a Cozy Sweater', example: 'wearing a chunky knitted sweater by the fireplace' },
  { title: 'as a Sea Captain', example: 'wearing a captain’s hat on the deck of an old ship' },
];

const pets: Recipe = {
  key: 'dalle-pets',
  generator: 2,
  count: 5,
  subjects: [
    'a golden retriever',
    'a tabby cat',
    'a French bulldog',
    'a dachshund',
    'a Siamese cat',
    'a border collie',
    'a pet rabbit',
  ],
  make: (s, r, i) => {
    const style = rot(PET_STYLES, i);
    const t = buildFlexible(
      r,
      `A portrait of ${s.lead}{1} {2}. Capture the pet's real markings: {3}. Rich detail in the fur, warm lighting and a dignified pose. ` +
        `${DALLE_FORMATS.square} No text.`,
      [
        ['Pet', s.text],
        ['Costume & style', style.example],
        [
          'Markings',
          r.pick([
            'golden coat with a white patch on the chest',
            'grey stripes and green eyes',
            'brindle coat with one white paw',
            'cream fur with dark ears',
          ]),
        ],
      ],
      2,
    );
    return tip(
      r,
      {
        title: `${s.title} ${style.title}`,
        ...t,
        tags: ['pets', 'portrait', 'animals', 'gift'],
        scene: 'creature',
        palette: r.pick(['royal', 'coffee', 'pastel', 'night']),
      },
      [
        `Turns ${s.text} into a charming keepsake portrait, ${style.example}`,
        'Describe your own pet’s markings to get a likeness that owners recognise immediately',
      ],
    );
  },
};

const interior: Recipe = {
  key: 'dalle-interior',
  generator: 2,
  count: 5,
  subjects: [
    'a Japandi living room',
    'a boho bedroom',
    'a mid-century home office',
    'a small Scandinavian kitchen',
    "a kids' playroom",
    'a moody library bar',
  ],
  make: (s, r, i) => {
    const t = buildFlexible(
      r,
      `A photorealistic interior design render of ${s.lead}{1}, {2}. Natural materials such as {3}, layered lighting from lamps and ` +
        `windows, styled with plants and books. Eye-level wide shot, magazine quality. ${DALLE_FORMATS.wide}`,
      [
        ['Room', s.text],
        [
          'Style notes',
          r.pick([
            'neutral tones with low wooden furniture',
            'warm terracotta accents and rattan',
            'deep green walls and brass details',
            'white walls with one bold rug',
          ]),
        ],
        [
          'Materials',
          r.pick([
            'light oak, linen and stone',
            'walnut, wool and brass',
            'rattan, jute and clay',
            'concrete, leather and glass',
          ]),
        ],
      ],
      2,
    );
    return tip(
      r,
      {
        title: `${s.title} ${rot(['Interior Concept', 'Design Mood Board', 'Interior Render'], i)}`,
        ...t,
        tags: ['interior', 'architecture', 'home', 'design'],
        scene: 'interior',
        palette: r.pick(['earth', 'mint', 'coffee', 'golden']),
      },
      [
        `Magazine-quality interior renders of ${s.text}, with real materials and believable light`,
        'Use it to test a style before buying furniture, or to pitch ideas to clients',
      ],
    );
  },
};

const food: Recipe = {
  key: 'dalle-food',
  generator: 2,
  count: 5,
  subjects: [
    'a summer fruit tart',
    'a bowl of pho',
    'a Sunday roast',
    'a stack of macarons',
    'a picnic spread',
    'a taco platter',
  ],
  make: (s, r) => {
    const use = r.pick(['café menu', 'recipe card', 'cookbook chapter opener', 'farmers market poster']);
    const t = buildFlexible(
      r,
      `A charming hand-drawn illustration of ${s.lead}{1} for a {2}. Ink outlines with soft watercolor fills, a few ingredients drawn ` +
        `around the main dish, and a {3} palette on an off-white paper background. ${DALLE_FORMATS.square} No lettering.`,
      [
        ['Dish', s.text],
        ['Use', use],
        [
          'Palette',
          r.pick([
            'warm cream, tomato red and basil green',
            'berry pink and butter yellow',
            'earthy brown and sage',
          ]),
        ],
      ],
      1,
    );
    return tip(
      r,
      {
        title: `Hand-Drawn ${s.title} ${r.pick(['Illustration', 'Menu Art', 'Recipe Card Art'])}`,
        ...t,
        tags: ['food', 'illustration', 'watercolor', 'restaurant'],
        scene: 'botanical',
        palette: r.pick(['citrus', 'autumn', 'sakura']),
      },
      [
        `Ink-and-watercolor food illustrations of ${s.text}, drawn for a ${use}`,
        'Keep the palette fixed to illustrate a whole menu in one style',
      ],
    );
  },
};

const TRAVEL: {
  subject: string;
  title: string;
  scene: 'city' | 'ocean' | 'landscape';
  palette: PaletteName;
}[] = [
  { subject: 'Lisbon with its yellow trams', title: 'Lisbon', scene: 'city', palette: 'golden' },
  { subject: 'Kyoto in cherry blossom season', title: 'Kyoto', scene: 'city', palette: 'sakura' },
  {
    subject: 'the Amalfi Coast with pastel houses',
    title: 'the Amalfi Coast',
    scene: 'ocean',
    palette: 'tropical',
  },
  { subject: 'Reykjavik under the northern lights', title: 'Reykjavik', scene: 'city', palette: 'night' },
  {
    subject: 'Marrakech with its red walls and palm trees',
    title: 'Marrakech',
    scene: 'city',
    palette: 'desert',
  },
  {
    subject: 'the Swiss Alps with a red mountain train',
    title: 'the Swiss Alps',
    scene: 'landscape',
    palette: 'winter',
  },
];

const travel: Recipe = {
  key: 'dalle-travel-poster',
  generator: 2,
  count: 5,
  subjects: TRAVEL.map((t) => t.subject),
  make: (s, r, i) => {
    const p = TRAVEL.find((x) => x.subject === s.text) ?? (TRAVEL[0] as (typeof TRAVEL)[number]);
    const style = rot(['1930s Art Deco', 'mid-century modern', 'retro railway'], i);
    const t = buildFlexible(
      r,
      `A vintage travel poster of {1} in {2} style, {3}. Bold flat shapes, a limited palette, subtle paper texture and generous space ` +
        `at the top for a title. ${DALLE_FORMATS.tall} No text.`,
      [
        ['Destination', p.subject],
        ['Poster style', style],
        [
          'Viewpoint',
          r.pick([
            'seen from a hilltop terrace',
            'from the water at sunset',
            'framed by an archway',
            'with a couple walking in the foreground',
          ]),
        ],
      ],
      2,
    );
    return tip(
      r,
      {
        title: `${titleCase(style)} Travel Poster of ${titleCase(p.title, true)}`,
        ...t,
        tags: ['poster', 'travel', 'vintage', 'wall-art'],
        scene: p.scene,
        palette: p.palette,
      },
      [
        `A ${style} travel poster celebrating ${p.subject}`,
        'Add the place name in your own typeface on the empty sky for a print-ready poster',
      ],
    );
  },
};

const space: Recipe = {
  key: 'dalle-space',
  generator: 2,
  count: 4,
  subjects: [
    'a cozy cabin on the moon',
    'an astronaut fishing in a nebula',
    'a greenhouse on Mars',
    'a whale swimming through the stars',
    'a lighthouse on an asteroid',
  ],
  make: (s, r) => {
    const t = buildFlexible(
      r,
      `A dreamy sci-fi illustration of ${s.lead}{1}. {2}. Soft glowing light, {3}, painterly details and a sense of quiet wonder. ` +
        DALLE_FORMATS.wide,
      [
        ['Scene', s.text],
        [
          'Details',
          r.pick([
            'Earth hangs low on the horizon and a cat sleeps by the window',
            'Tiny stars drift like snow around it',
            'A small robot companion watches nearby',
          ]),
        ],
        [
          'Palette',
          r.pick(['indigo, violet and warm gold', 'teal and soft pink', 'deep navy with amber highlights']),
        ],
      ],
      2,
    );
    return tip(
      r,
      {
        title: `${s.title} Illustration`,
        ...t,
        tags: ['space', 'sci-fi', 'illustration', 'wallpaper'],
        scene: /whale/.test(s.bare) ? 'creature' : 'space',
        palette: r.pick(['cosmic', 'night', 'lavender']),
      },
      [
        `Whimsical space art: ${s.text}, painted with a cozy, dreamlike glow`,
        'Lovely as a nursery print, a book cover or a calm desktop background',
      ],
    );
  },
};

const coloring: Recipe = {
  key: 'dalle-coloring',
  generator: 2,
  count: 5,
  subjects: [
    'a mandala of garden flowers',
    'a sleepy fox in a forest',
    'an underwater coral reef',
    'a dinosaur family',
    'a cottage with a flower garden',
    'a unicorn in a meadow',
  ],
  make: (s, r) => {
    const kidsPage = r.chance(0.6);
    const t = buildFlexible(
      r,
      `A black-and-white coloring page of ${s.lead}{1} for {2}. Clean, closed outlines of even thickness, no shading and no grey fills, ` +
        `{3}, on a plain white background. ${DALLE_FORMATS.tall}`,
      [
        ['Subject', s.text],
        ['Audience', kidsPage ? 'kids aged 4 to 7' : 'adults who enjoy detailed patterns'],
        [
          'Detail level',
          kidsPage ? 'simple shapes with large areas to colour' : 'intricate patterns filling every shape',
        ],
      ],
      2,
    );
    return tip(
      r,
      {
        title: `${s.title} Coloring Page`,
        ...t,
        tags: ['coloring-page', 'kids', 'printable', 'illustration'],
        scene: /fox|dinosaur|unicorn/.test(s.bare) ? 'creature' : 'botanical',
        palette: 'noir',
      },
      [
        `Printable coloring pages of ${s.text} with clean closed outlines`,
        'Change the audience and detail level to go from toddler-friendly shapes to relaxing adult patterns',
      ],
    );
  },
};

export const DALLE_RECIPES: Recipe[] = [
  kids,
  watercolor,
  icons,
  mascot,
  mockup,
  landscape,
  portrait,
  pets,
  interior,
  food,
  travel,
  space,
  coloring,
];

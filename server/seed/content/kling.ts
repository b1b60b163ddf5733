// Kling prompts (generator 4): short video shots with camera movement, motion, atmosphere and clip settings.
import { buildFlexible, rot, sentences, titleCase, type Rng, type Scene } from './lib.ts';
import type { PaletteName } from './palettes.ts';
import type { Draft, Recipe } from './recipe.ts';
import { klingSpecs, usageTip } from './vocab.ts';

const tip = (r: Rng, d: Omit<Draft, 'description'>, seconds: number, lines: string[]): Draft => ({
  ...d,
  description: sentences(...lines, usageTip(r, 4, d.variables, seconds)),
});

interface Move {
  title: (subject: string) => string;
  text: string;
}

const AERIAL: Move[] = [
  { title: (s) => `Drone Flyover of ${s}`, text: 'Slow aerial drone shot gliding forward over' },
  { title: (s) => `Aerial Reveal of ${s}`, text: 'The drone rises from behind a ridge to reveal' },
  { title: (s) => `Orbiting Drone Shot of ${s}`, text: 'A smooth drone orbit circling' },
  { title: (s) => `Slow Pan Across ${s}`, text: 'A slow, steady left-to-right pan across' },
];

const landscape: Recipe = {
  key: 'kling-landscape',
  generator: 4,
  count: 8,
  subjects: [
    'a misty alpine lake',
    'a Norwegian fjord',
    'a volcanic highland',
    'a rainforest canopy',
    'golden wheat fields',
    'a snow-covered pine forest',
    'the Dolomites',
    'a desert canyon',
    'rolling Tuscan hills',
    'an Icelandic waterfall',
  ],
  make: (s, r, i) => {
    const move = rot(AERIAL, i);
    const { line, seconds } = klingSpecs(r, ['16:9', '21:9']);
    const t = buildFlexible(
      r,
      `${move.text} ${s.lead}{1} at {2}. {3}. Cinematic, photorealistic, natural colours, smooth stabilised motion, no cuts. ${line}`,
      [
        ['Location', s.text],
        ['Time of day', r.pick(['sunrise', 'golden hour', 'blue hour', 'first light'])],
        [
          'Atmosphere',
          r.pick([
            'Low clouds roll slowly through the valley',
            'Mist lifts off the water as the sun breaks through',
            'Wind ripples through the grass and trees',
            'Birds cross the frame in the distance',
          ]),
        ],
      ],
      2,
    );
    return tip(
      r,
      {
        title: move.title(titleCase(s.text, true)),
        ...t,
        tags: ['video', 'drone', 'landscape', 'nature'],
        scene: 'landscape',
        palette: r.pick(['dawn', 'golden', 'forest', 'winter', 'bluehour']),
      },
      seconds,
      [
        `A ${seconds}-second aerial clip of ${s.text}, shot like a nature documentary opener`,
        r.pick([
          'Perfect as B-roll for travel videos, intros and website hero backgrounds',
          'The motion is slow and steady, so it loops nicely behind titles',
        ]),
      ],
    );
  },
};

const ocean: Recipe = {
  key: 'kling-ocean',
  generator: 4,
  count: 6,
  subjects: [
    'a turquoise lagoon',
    'a stormy North Sea coast',
    'a surfer on a glassy wave',
    'a lighthouse in crashing waves',
    'a black sand beach',
    'a sea turtle above a coral reef',
    'a sailboat at sunset',
  ],
  make: (s, r, i) => {
    const move = rot<Move>(
      [
        { title: (x) => `Slow-Motion Shot of ${x}`, text: 'Slow-motion tracking shot of' },
        { title: (x) => `Drone Orbit of ${x}`, text: 'A slow drone orbit around' },
        { title: (x) => `Golden Hour Loop of ${x}`, text: 'Static wide shot, gentle camera sway, showing' },
      ],
      i,
    );
    const { line, seconds } = klingSpecs(r);
    const t = buildFlexible(
      r,
      `${move.text} ${s.lead}{1}. {2}. Light: {3}. Realistic water physics, sparkling highlights, cinematic depth. ${line}`,
      [
        ['Subject', s.text],
        [
          'Motion',
          r.pick([
            'Waves roll in and break into white foam',
            'The water shimmers as a light breeze passes',
            'Spray bursts up and drifts across the frame',
          ]),
        ],
        ['Light', r.pick(['warm low sun', 'overcast silver light', 'pink sunset glow'])],
      ],
      2,
    );
    return tip(
      r,
      {
        title: move.title(titleCase(s.text, true)),
        ...t,
        tags: ['video', 'ocean', 'nature', r.pick(['travel', 'cinematic'])],
        scene: 'ocean',
        palette: r.pick(['ocean', 'tropical', 'storm', 'dawn']),
      },
      seconds,
      [
        `Realistic ocean footage of ${s.text} with believable water motion and sparkling light`,
        'Ideal for relaxation channels, travel reels and background loops',
      ],
    );
  },
};

const city: Recipe = {
  key: 'kling-city',
  generator: 4,
  count: 7,
  subjects: [
    'neon Tokyo streets in the rain',
    'a Manhattan avenue at dusk',
    'a Paris boulevard at blue hour',
    'a futuristic megacity',
    'Hong Kong tram lines at night',
    'a quiet Venice canal at dawn',
    'Times Square in the snow',
    'a Seoul night market',
  ],
  make: (s, r, i) => {
    const move = rot<Move>(
      [
        { title: (x) => `Timelapse of ${x}`, text: 'Timelapse, locked-off camera, of' },
        { title: (x) => `Hyperlapse Through ${x}`, text: 'Smooth hyperlapse moving forward through' },
        { title: (x) => `Dolly Shot Along ${x}`, text: 'Low dolly shot sliding along' },
      ],
      i,
    );
    const { line, seconds } = klingSpecs(r, ['16:9', '9:16']);
    const t = buildFlexible(
      r,
      `${move.text} ${s.lead}{1}. {2}. Mood: {3}. Photorealistic, cinematic colour grade, reflections on wet surfaces, natural motion blur. ${line}`,
      [
        ['Place', s.text],
        [
          'Action',
          r.pick([
            'People with umbrellas cross in every direction',
            'Traffic lights smear into streaks of colour',
            'Steam drifts up from street vents',
            'A lone cyclist rides through the frame',
          ]),
        ],
        ['Mood', r.pick(['lonely and calm', 'busy and electric', 'romantic and nostalgic'])],
      ],
      2,
    );
    return tip(
      r,
      {
        title: move.title(titleCase(s.text, true)),
        ...t,
        tags: ['video', 'city', 'timelapse', 'cinematic'],
        scene: 'city',
        palette: /neon|futuristic|night|Times/.test(s.text)
          ? r.pick(['neon', 'cyberpunk'])
          : r.pick(['bluehour', 'dawn', 'golden']),
      },
      seconds,
      [
        `An atmospheric city clip: ${s.text}, with reflections and motion that feel like real footage`,
        'Choose 9:16 for Reels and Shorts, 16:9 for YouTube intros',
      ],
    );
  },
};

const product: Recipe = {
  key: 'kling-product',
  generator: 4,
  count: 7,
  subjects: [
    'a luxury perfume bottle',
    'a pair of running shoes',
    'a smartwatch',
    'a can of energy drink',
    'a lipstick',
    'a pair of wireless headphones',
    'a skincare jar',
    'a whisky bottle',
  ],
  make: (s, r, i) => {
    const move = rot<Move>(
      [
        { title: (x) => `360° Turntable of ${x}`, text: 'Smooth 360-degree turntable rotation of' },
        {
          title: (x) => `Splash Commercial for ${x}`,
          text: 'High-speed commercial shot: water splashes in slow motion around',
        },
        {
          title: (x) => `Slow Dolly-In on ${x}`,
          text: 'Slow push-in from a wide shot to a detailed close-up of',
        },
        {
          title: (x) => `Levitating Ad Shot of ${x}`,
          text: 'Floating product shot, gently rotating in mid-air,',
        },
      ],
      i,
    );
    const { line, seconds } = klingSpecs(r, ['16:9', '9:16', '1:1']);
    const t = buildFlexible(
      r,
      `${move.text} ${s.lead}{1} on {2}. Studio lighting with soft highlights and crisp reflections, {3} background, premium ` +
        `advertising look, product stays sharp and undistorted. ${line}`,
      [
        ['Product', s.text],
        [
          'Surface',
          r.pick([
            'a glossy black acrylic floor',
            'a round marble plinth',
            'a bed of crushed ice',
            'wet slate',
          ]),
        ],
        ['Background colour', r.pick(['deep navy', 'soft beige', 'gradient peach', 'pure black'])],
      ],
      2,
    );
    return tip(
      r,
      {
        title: move.title(titleCase(s.text, true)),
        ...t,
        tags: ['video', 'product', 'advertising', 'ecommerce'],
        scene: 'geometric',
        palette: r.pick(['noir', 'pastel', 'royal', 'ocean']),
      },
      seconds,
      [
        `A ${seconds}-second commercial shot of ${s.text} with studio lighting and clean reflections`,
        'Drop it into a product page, a paid social ad or a launch teaser without booking a studio',
      ],
    );
  },
};

const portrait: Recipe = {
  key: 'kling-portrait',
  generator: 4,
  count: 7,
  subjects: [
    'a woman in a wheat field',
    'an old sailor lighting a pipe',
    'a dancer spinning in red silk',
    'a violinist on a rainy bridge',
    'a samurai in falling snow',
    'a singer under stage lights',
    'a boy reading with a flashlight',
    'a painter in her studio',
  ],
  make: (s, r, i) => {
    const move = rot<Move>(
      [
        { title: (x) => `Cinematic Close-Up of ${x}`, text: 'Cinematic close-up, slow push-in on' },
        { title: (x) => `Slow-Motion Portrait of ${x}`, text: 'Slow-motion medium shot of' },
        { title: (x) => `Orbit Portrait Shot of ${x}`, text: 'The camera slowly orbits around' },
      ],
      i,
    );
    const { line, seconds } = klingSpecs(r, ['16:9', '9:16']);
    const t = buildFlexible(
      r,
      `${move.text} ${s.lead}{1}. {2}. Lighting: {3}. Natural facial expressions, realistic skin, shallow depth of field, 35mm film look. ${line}`,
      [
        ['Character', s.text],
        [
          'Action',
          r.pick([
            'They turn toward the camera and smile slightly',
            'They close their eyes and take a slow breath',
            'Hair and clothes move gently in the wind',
            'They look up as the light changes',
          ]),
        ],
        [
          'Lighting',
          r.pick([
            'warm backlight at sunset',
            'cold blue moonlight',
            'a single hard spotlight',
            'soft window light',
          ]),
        ],
      ],
      2,
    );
    return tip(
      r,
      {
        title: move.title(titleCase(s.text, true)),
        ...t,
        tags: ['video', 'portrait', 'cinematic', 'character'],
        scene: 'portrait',
        palette: r.pick(['golden', 'noir', 'ember', 'bluehour', 'rose']),
      },
      seconds,
      [
        `A short, emotional character shot of ${s.text}, framed like a scene from a feature film`,
        'Keeps faces stable and natural, which makes it a strong base for music videos and short films',
      ],
    );
  },
};

const creature: Recipe = {
  key: 'kling-creature',
  generator: 4,
  count: 6,
  subjects: [
    'a red fox pouncing in snow',
    'an owl taking flight at dusk',
    'a cat watching the rain',
    'a humpback whale breaching',
    'a hummingbird at a flower',
    'a deer crossing a misty meadow',
    'a wolf howling on a ridge',
  ],
  make: (s, r, i) => {
    const { line, seconds } = klingSpecs(r);
    const t = buildFlexible(
      r,
      `Nature documentary footage of ${s.lead}{1}, {2}. Telephoto lens, shallow depth of field, {3}, natural animal movement and ` +
        `fine fur and feather detail. ${line}`,
      [
        ['Animal & action', s.text],
        [
          'Setting',
          r.pick([
            'in a quiet winter forest',
            'against a pastel evening sky',
            'in soft morning light',
            'by a misty lake',
          ]),
        ],
        ['Camera', r.pick(['slow motion at 120 fps', 'a gentle tracking move', 'a locked-off tripod shot'])],
      ],
      2,
    );
    const scene: Scene = /whale/.test(s.bare)
      ? 'ocean'
      : /hummingbird/.test(s.bare)
        ? 'botanical'
        : 'creature';
    return tip(
      r,
      {
        title: i % 2 === 0 ? `Slow-Motion ${s.title}` : `Wildlife Shot of ${titleCase(s.text, true)}`,
        ...t,
        tags: ['video', 'animals', 'nature', 'wildlife'],
        scene,
        palette: r.pick(['winter', 'night', 'forest', 'dawn']),
      },
      seconds,
      [
        `Wildlife-film footage of ${s.text} with believable animal motion`,
        'Great for nature channels, kids’ content and calm background loops',
      ],
    );
  },
};

const space: Recipe = {
  key: 'kling-space',
  generator: 4,
  count: 6,
  subjects: [
    'a rocket launch at dawn',
    'a spaceship drifting past Saturn',
    'an astronaut floating above Earth',
    'a meteor shower over a desert',
    'a wormhole opening in deep space',
    'a space station orbiting a red planet',
    'a planet rising over an alien sea',
  ],
  make: (s, r, i) => {
    const { line, seconds } = klingSpecs(r, ['16:9', '21:9']);
    const t = buildFlexible(
      r,
      `Epic sci-fi shot: ${s.lead}{1}. {2}. The camera {3}. IMAX-style scale, volumetric light, realistic physics, film grain. ${line}`,
      [
        ['Event', s.text],
        [
          'Details',
          r.pick([
            'Exhaust plumes billow and light flickers across the clouds',
            'Dust and ice glitter in the sunlight',
            'Stars wheel slowly in the background',
          ]),
        ],
        [
          'Camera move',
          r.pick([
            'slowly tilts up to follow the action',
            'drifts sideways for a parallax effect',
            'pulls back to reveal the full scale',
          ]),
        ],
      ],
      2,
    );
    return tip(
      r,
      {
        title: `${s.title} ${rot(/space/i.test(s.bare) ? ['Cinematic Shot', 'Sci-Fi Clip'] : ['Cinematic Shot', 'Sci-Fi Clip', 'Space Sequence'], i)}`,
        ...t,
        tags: ['video', 'space', 'sci-fi', 'cinematic'],
        scene: /desert/.test(s.bare) ? 'landscape' : 'space',
        palette: r.pick(['cosmic', 'night', 'ember']),
      },
      seconds,
      [
        `A blockbuster-style space sequence: ${s.text}, with volumetric light and a real sense of scale`,
        'Works as a trailer shot, a channel intro or a dramatic presentation opener',
      ],
    );
  },
};

const food: Recipe = {
  key: 'kling-food',
  generator: 4,
  count: 5,
  subjects: [
    'honey dripping onto pancakes',
    'latte art being poured',
    'a steak sizzling in a cast-iron pan',
    'chocolate sauce over ice cream',
    'fresh pasta being rolled',
    'ramen noodles lifted with chopsticks',
  ],
  make: (s, r) => {
    const { line, seconds } = klingSpecs(r, ['9:16', '1:1', '16:9']);
    const t = buildFlexible(
      r,
      `Macro slow-motion food shot: ${s.lead}{1}. {2}, {3}, steam and glossy textures, shallow depth of field, appetising ` +
        `commercial look. ${line}`,
      [
        ['Food moment', s.text],
        ['Setting', r.pick(['Rustic wooden table', 'Dark slate surface', 'Bright marble counter'])],
        [
          'Light',
          r.pick([
            'warm side light from a window',
            'soft top light with a dark background',
            'golden morning light',
          ]),
        ],
      ],
      2,
    );
    return tip(
      r,
      {
        title: `Macro Slow-Mo: ${s.title}`,
        ...t,
        tags: ['video', 'food', 'advertising', 'restaurant'],
        scene: 'botanical',
        palette: r.pick(['coffee', 'golden', 'autumn']),
      },
      seconds,
      [
        `Mouth-watering macro footage of ${s.text}, in the style of a food commercial`,
        'Use the vertical ratio for menu screens, Reels and delivery-app banners',
      ],
    );
  },
};

const fashion: Recipe = {
  key: 'kling-fashion',
  generator: 4,
  count: 5,
  subjects: [
    'a model walking in a flowing silk dress',
    'a runway show under strobe lights',
    'a streetwear lookbook in Seoul',
    'a linen collection on a windy beach',
    'a couture gown in a ruined palace',
  ],
  make: (s, r) => {
    const { line, seconds } = klingSpecs(r, ['9:16', '16:9']);
    const t = buildFlexible(
      r,
      `Fashion film: ${s.lead}{1}. The camera {2}. Fabric moves naturally, {3}, editorial colour grade, elegant pacing. ${line}`,
      [
        ['Scene', s.text],
        [
          'Camera move',
          r.pick([
            'tracks alongside at walking pace',
            'starts on the shoes and tilts up',
            'circles the model slowly',
          ]),
        ],
        ['Lighting', r.pick(['soft overcast light', 'hard strobes with deep shadows', 'late golden sun'])],
      ],
      2,
    );
    return tip(
      r,
      {
        title: `${s.title} Fashion Film`,
        ...t,
        tags: ['video', 'fashion', 'editorial', 'cinematic'],
        scene: 'portrait',
        palette: r.pick(['rose', 'noir', 'desert', 'pastel']),
      },
      seconds,
      [
        `A short fashion film: ${s.text}, with flowing fabric and editorial pacing`,
        'Made for lookbooks, brand campaigns and vertical social video',
      ],
    );
  },
};

const interior: Recipe = {
  key: 'kling-interior',
  generator: 4,
  count: 5,
  subjects: [
    'a Scandinavian apartment',
    'a boutique hotel suite',
    'a cozy log cabin',
    'a modern open-plan kitchen',
    "a sunlit artist's studio",
  ],
  make: (s, r, i) => {
    const move = rot<Move>(
      [
        { title: (x) => `Walkthrough of ${x}`, text: 'Smooth gimbal walkthrough of' },
        { title: (x) => `Real Estate Glide Through ${x}`, text: 'Slow real-estate glide through' },
        { title: (x) => `Morning Light in ${x}`, text: 'Static shot as morning light slowly fills' },
      ],
      i,
    );
    const { line, seconds } = klingSpecs(r);
    const t = buildFlexible(
      r,
      `${move.text} ${s.lead}{1}, {2}. {3}. Wide-angle lens, straight verticals, realistic materials, calm and inviting. ${line}`,
      [
        ['Space', s.text],
        [
          'Style',
          r.pick([
            'light oak floors and linen sofas',
            'warm timber and a crackling fireplace',
            'white walls with green plants everywhere',
          ]),
        ],
        [
          'Motion detail',
          r.pick([
            'Curtains sway in a light breeze',
            'Dust drifts in the sunbeams',
            'Steam rises from a coffee cup on the table',
          ]),
        ],
      ],
      2,
    );
    return tip(
      r,
      {
        title: move.title(titleCase(s.text, true)),
        ...t,
        tags: ['video', 'interior', 'architecture', 'real-estate'],
        scene: 'interior',
        palette: r.pick(['earth', 'golden', 'mint', 'coffee']),
      },
      seconds,
      [
        `A calm, gliding interior shot of ${s.text} for listings and hospitality marketing`,
        'Straight verticals and a wide lens keep the space looking true to size',
      ],
    );
  },
};

const abstract: Recipe = {
  key: 'kling-abstract',
  generator: 4,
  count: 5,
  subjects: [
    'liquid gold flowing',
    'iridescent bubbles drifting',
    'ink drops blooming in water',
    'glass ribbons twisting',
    'glowing particles forming a sphere',
    'aurora-like light waves',
  ],
  make: (s, r, i) => {
    const { line, seconds } = klingSpecs(r, ['16:9', '9:16']);
    const t = buildFlexible(
      r,
      `Seamless looping motion background: {1}, {2} colours, slow hypnotic movement, soft depth of field, {3}. ${line}`,
      [
        ['Motion', s.text],
        [
          'Colours',
          r.pick(['violet and peach', 'teal and gold', 'pink and electric blue', 'black and champagne']),
        ],
        ['Mood', r.pick(['calm and meditative', 'luxurious', 'futuristic'])],
      ],
      2,
    );
    return tip(
      r,
      {
        title: i % 2 === 0 ? `Seamless Loop of ${titleCase(s.text, true)}` : `${s.title} Motion Background`,
        ...t,
        tags: ['video', 'abstract', 'motion', 'background'],
        scene: 'abstract',
        palette: r.pick(['cosmic', 'neon', 'royal', 'candy']),
      },
      seconds,
      [
        `An abstract motion loop of ${s.text}, designed to sit behind titles and music`,
        'Use it for stream overlays, presentation backgrounds and meditation videos',
      ],
    );
  },
};

const FANTASY_PAL: PaletteName[] = ['sakura', 'lavender', 'night', 'forest'];

const fantasy: Recipe = {
  key: 'kling-fantasy',
  generator: 4,
  count: 5,
  subjects: [
    'a floating castle above the clouds',
    'a girl meeting a giant forest spirit',
    'a magical train crossing a starry lake',
    'a dragon flying over a medieval town',
    'a wizard casting spells in a library',
    'cherry blossom petals swirling around a shrine',
  ],
  make: (s, r, i) => {
    const anime = i % 2 === 0;
    const { line, seconds } = klingSpecs(r);
    const t = buildFlexible(
      r,
      `${anime ? 'Hand-drawn anime style' : 'Cinematic fantasy style'}: ${s.lead}{1}. {2}. The camera {3}. Rich colours, magical glowing ` +
        `particles, smooth animation. ${line}`,
      [
        ['Scene', s.text],
        [
          'Action',
          r.pick([
            'Wind lifts leaves and petals into the air',
            'Lanterns light up one by one',
            'Clouds part to let sunbeams through',
          ]),
        ],
        ['Camera move', r.pick(['slowly pushes in', 'sweeps upward', 'follows from behind'])],
      ],
      2,
    );
    return tip(
      r,
      {
        title: `${anime ? 'Anime-Style' : 'Fantasy'} ${s.title}`,
        ...t,
        tags: ['video', anime ? 'anime' : 'fantasy', 'fantasy', 'animation'].filter(
          (x, i, a) => a.indexOf(x) === i,
        ),
        scene: /dragon|spirit/.test(s.bare) ? 'creature' : 'landscape',
        palette: r.pick(FANTASY_PAL),
      },
      seconds,
      [
        `A magical ${anime ? 'anime' : 'fantasy'} scene: ${s.text}, animated with glowing particles and gentle camera movement`,
        'Great for music visualisers, story trailers and fantasy channel intros',
      ],
    );
  },
};

export const KLING_RECIPES: Recipe[] = [
  landscape,
  ocean,
  city,
  product,
  portrait,
  creature,
  space,
  food,
  fashion,
  interior,
  abstract,
  fantasy,
];

// The one table of what the example images show (issue 22). A prompt's art names a subject from this
// table (ArtSpec.subject); server/images/render.ts draws the subject's illustrations (Microsoft's Fluent
// Emoji, flat style, MIT licence: @iconify-json/fluent-emoji-flat) set in the prompt's procedural scene,
// and arranges them by the subject's layout. The seed names a subject for every demo prompt
// (server/seed/content/art-subjects.ts); tests/server/subjects.test.ts checks that every name is here and
// every illustration exists.

/** How a subject is arranged in its scene. */
export type SubjectLayout =
  /** the figure large, standing in the scene, with props around it */
  | 'hero'
  /** the scene is the subject; the figure is a building or landmark at the horizon */
  | 'place'
  /** props repeated in rows towards the viewer: a field, a forest */
  | 'field'
  /** the figure flying or floating, with a glow instead of a shadow */
  | 'sky'
  /** a person close up, lit from behind */
  | 'portrait'
  /** an object on a pedestal, with a reflection */
  | 'product'
  /** a plate or board seen from above */
  | 'food'
  /** the figure as a one-colour mark in a badge */
  | 'logo'
  /** the props as a sheet of stickers or icons */
  | 'sheet'
  /** black outlines on white paper */
  | 'coloring'
  /** a room with the props in it */
  | 'room'
  /** nothing but the scene (abstract wallpapers and motion backgrounds) */
  | 'scene'
  /** a ChatGPT answer, rendered */
  | 'document';

/** The kinds of answer a ChatGPT prompt's picture renders. */
export type DocKind = 'page' | 'mail' | 'social' | 'plan' | 'code' | 'script' | 'list' | 'press';

export interface SubjectDef {
  /** what the picture shows, in words */
  label: string;
  layout: SubjectLayout;
  /**
   * the subject's own illustrations; the variations of a prompt take them in turn. A name starting with
   * `@` is one of our own drawings (illustrations.ts), for a subject the illustration set lacks (`@lighthouse`).
   */
  figure: readonly string[];
  /** illustrations around the subject; each variation shows a different few */
  props: readonly string[];
  /** background features the scene draws for this subject (the ocean's lighthouse) */
  features?: readonly string[];
  /** the rendered answer of a ChatGPT prompt */
  doc?: { kind: DocKind; heading: string; lines: readonly string[] };
}

const def =
  (layout: SubjectLayout) =>
  (label: string, figure: string[], props: string[] = [], features: string[] = []): SubjectDef => ({
    label,
    layout,
    figure,
    props,
    ...(features.length > 0 ? { features } : {}),
  });

const hero = def('hero');
const place = def('place');
const field = def('field');
const sky = def('sky');
const portrait = def('portrait');
const product = def('product');
const food = def('food');
const logo = def('logo');
const sheet = def('sheet');
const coloring = def('coloring');
const room = def('room');
const scene = def('scene');
const doc = (
  label: string,
  kind: DocKind,
  icons: string[],
  heading: string,
  lines: string[],
): SubjectDef => ({ label, layout: 'document', figure: icons, props: [], doc: { kind, heading, lines } });

export const SUBJECTS = {
  // ---- Midjourney: wallpapers, food, places, characters, products, portraits, space
  'glass-ribbons': scene('iridescent glass ribbons', [], ['sparkles']),
  'ink-swirls': scene('marbled ink swirls', []),
  'chrome-waves': scene('liquid chrome waves', [], ['droplet']),
  ramen: food('a bowl of tonkotsu ramen', ['steaming-bowl'], ['chopsticks', 'egg', 'spoon', 'leafy-green']),
  sourdough: food(
    'a rustic sourdough loaf',
    ['bread', 'baguette-bread'],
    ['butter', 'kitchen-knife', 'ear-of-corn'],
  ),
  'berry-tart': food(
    'a summer berry tart',
    ['pie', 'shortcake'],
    ['strawberry', 'blueberries', 'cherries', 'fork-and-knife'],
  ),
  'matcha-latte': food(
    'a matcha latte',
    ['teacup-without-handle', 'hot-beverage'],
    ['leafy-green', 'spoon', 'cookie'],
  ),
  'tokyo-rooftop': place(
    'a Tokyo rooftop at sunset',
    ['tokyo-tower'],
    ['office-building', 'red-paper-lantern', 'bird'],
  ),
  'train-stop': place(
    'a countryside train stop',
    ['train', 'station'],
    ['sunflower', 'bus-stop', 'deciduous-tree'],
  ),
  konbini: place(
    'a convenience store on a rainy night',
    ['convenience-store'],
    ['umbrella-with-rain-drops', 'cloud-with-rain', 'bicycle'],
  ),
  'concrete-library': place(
    'a brutalist concrete library',
    ['classical-building', 'office-building'],
    ['books', 'deciduous-tree'],
  ),
  'corgi-astronaut': hero(
    'a corgi astronaut',
    ['dog', 'dog-face'],
    ['rocket', 'ringed-planet', 'star', 'astronaut'],
  ),
  'moss-dragon': hero(
    'a baby dragon made of moss',
    ['dragon', 'dragon-face'],
    ['herb', 'four-leaf-clover', 'mushroom', 'seedling'],
  ),
  'scarf-fox': hero('a fox in a knitted scarf', ['fox'], ['scarf', 'yarn', 'fallen-leaf', 'maple-leaf']),
  'snow-owl': hero('a fluffy snow owl', ['owl'], ['snowflake', 'evergreen-tree', 'cloud-with-snow']),
  druid: hero('a forest druid', ['person-mage', 'woman-elf'], ['evergreen-tree', 'herb', 'deer', 'mushroom']),
  'citrus-mug': product(
    'a handmade ceramic mug with citrus slices',
    ['hot-beverage'],
    ['lemon', 'tangerine', 'lime'],
  ),
  'owl-logo': logo('an owl logo for a bookshop', ['owl'], ['books']),
  'floating-watch': product('a leather watch floating in clouds', ['watch'], ['cloud', 'sparkles']),
  'moss-serum': product(
    'a skincare serum on a mossy forest floor',
    ['lotion-bottle'],
    ['herb', 'mushroom', 'fallen-leaf'],
  ),
  'beer-can': product('a craft beer can on a marble pedestal', ['beer-mug'], ['ear-of-corn', 'bubbles']),
  'lion-logo': logo('a lion logo for a boxing gym', ['lion'], ['boxing-glove']),
  'earbuds-dunes': product('a wireless earbud case in sand dunes', ['headphone'], ['cactus', 'sun']),
  'mountain-logo': logo(
    'a mountain logo for an outdoor gear company',
    ['snow-capped-mountain'],
    ['hiking-boot'],
  ),
  'soy-candle': product('a scented soy candle on wet stone', ['candle'], ['rock', 'droplet', 'herb']),
  'perfume-stone': product(
    'a glass perfume bottle on wet stone',
    ['lotion-bottle', 'gem-stone'],
    ['rock', 'droplet', 'rose'],
  ),
  'fox-logo': logo('a fox logo for a coffee roaster', ['fox'], ['hot-beverage']),
  'whale-logo': logo('a whale logo for a sailing school', ['spouting-whale'], ['sailboat']),
  'reading-nook': room(
    'a plant-filled reading nook',
    ['couch-and-lamp'],
    ['potted-plant', 'books', 'herb', 'open-book', 'hot-beverage'],
  ),
  'pastel-bakery': room(
    'a pastel bakery',
    ['birthday-cake'],
    ['croissant', 'cupcake', 'doughnut', 'bread', 'cookie'],
  ),
  'rooftop-greenhouse': room(
    'a rooftop greenhouse',
    ['potted-plant'],
    ['seedling', 'tulip', 'cactus', 'herb', 'sun'],
  ),
  'cozy-bedroom': room(
    'a cozy bedroom',
    ['bed'],
    ['teddy-bear', 'potted-plant', 'books', 'framed-picture', 'candle'],
  ),
  apothecary: room(
    "a witch's apothecary",
    ['alembic', 'crystal-ball'],
    ['test-tube', 'candle', 'herb', 'mushroom', 'black-cat', 'magic-wand'],
  ),
  'granite-peak': place(
    'a Patagonian granite peak',
    ['camping'],
    ['eagle', 'evergreen-tree', 'person-climbing'],
  ),
  'alpine-lake': place('a misty alpine lake', ['canoe'], ['evergreen-tree', 'camping', 'crescent-moon']),
  'shrine-path': place(
    'a shrine path under cherry blossoms',
    ['shinto-shrine'],
    ['cherry-blossom', 'red-paper-lantern'],
  ),
  'dolomites-pass': place(
    'a Dolomites mountain pass',
    ['hut'],
    ['person-biking', 'evergreen-tree', 'fallen-leaf'],
  ),
  'black-sand-beach': place('a volcanic black sand beach', ['volcano'], ['water-wave', 'rock', 'palm-tree']),
  'highland-glen': place('a Scottish highland glen', ['castle'], ['ram', 'ewe', 'cloud-with-lightning']),
  'lavender-fields': field('lavender fields of Provence', ['house-with-garden'], ['hyacinth']),
  'tea-house': place(
    'a Japanese tea house on a hillside',
    ['japanese-castle', 'hut'],
    ['teacup-without-handle', 'cherry-blossom', 'evergreen-tree'],
  ),
  'birch-forest': field('a quiet birch forest in snow', ['snowman-without-snow'], ['deciduous-tree']),
  'lakeside-resort': place(
    'an art deco lakeside resort',
    ['hotel'],
    ['sailboat', 'palm-tree', 'umbrella-on-ground'],
  ),
  'rice-terraces': field('terraced rice fields in Bali', ['hut'], ['sheaf-of-rice']),
  'fjord-cabin': place(
    'a Scandinavian cabin on a fjord',
    ['house'],
    ['evergreen-tree', 'canoe', 'snow-capped-mountain'],
  ),
  'national-park': place('a national park', ['camping'], ['deer', 'evergreen-tree', 'eagle']),
  'desert-villa': place(
    'a desert villa with rammed-earth walls',
    ['house-with-garden'],
    ['cactus', 'palm-tree', 'camel'],
  ),
  'floating-village': sky('a floating island village', ['houses'], ['cloud', 'bird', 'deciduous-tree']),
  'riviera-poster': place('the Riviera in summer', ['beach-with-umbrella'], ['sailboat', 'palm-tree', 'sun']),
  'jazz-singer': portrait(
    'a jazz singer backstage',
    ['woman-singer', 'singer'],
    ['microphone', 'musical-notes', 'saxophone'],
  ),
  'sky-pirate': portrait(
    'a sky pirate captain',
    ['man-pilot', 'woman-pilot'],
    ['pirate-flag', 'airplane', 'compass', 'crossed-swords'],
  ),
  'old-fisherman': portrait('an old fisherman mending nets', ['old-man'], ['fishing-pole', 'fish', 'anchor']),
  'sahara-nomad': portrait(
    'a nomad in the Sahara',
    ['person-wearing-turban', 'man-wearing-turban'],
    ['camel', 'cactus', 'sun'],
  ),
  'retired-boxer': portrait(
    'a retired boxer in his old gym',
    ['man-white-hair', 'older-person'],
    ['boxing-glove', 'trophy', 'window'],
  ),
  'storm-sorceress': portrait(
    'a storm sorceress',
    ['woman-mage'],
    ['high-voltage', 'cloud-with-lightning', 'magic-wand', 'crystal-ball'],
  ),
  'couture-cape': portrait(
    'a flowing couture cape',
    ['woman-with-veil', 'person-with-veil'],
    ['sparkles', 'ribbon', 'high-heeled-shoe'],
  ),
  'elven-ranger': portrait(
    'an elven ranger',
    ['person-elf', 'woman-elf'],
    ['bow-and-arrow', 'evergreen-tree', 'leaf-fluttering-in-wind'],
  ),
  'noir-ballerina': portrait(
    'a ballet dancer between rehearsals',
    ['woman-dancing'],
    ['ballet-shoes', 'musical-note', 'ribbon'],
  ),
  knitwear: portrait(
    'a chunky knitwear collection',
    ['woman-standing', 'person-standing'],
    ['yarn', 'scarf', 'gloves', 'coat'],
  ),
  beekeeper: portrait(
    'a young beekeeper by candlelight',
    ['woman-farmer', 'farmer'],
    ['honeybee', 'honey-pot', 'candle'],
  ),
  'street-violinist': portrait(
    'a street violinist in Prague',
    ['man-standing', 'person-standing'],
    ['violin', 'musical-notes', 'church'],
  ),
  'dwarf-smith': portrait(
    'a dwarven blacksmith',
    ['man-beard', 'person-beard'],
    ['hammer', 'axe', 'fire', 'shield'],
  ),
  streetwear: portrait(
    'an oversized streetwear look',
    ['man-walking', 'person-walking'],
    ['billed-cap', 'running-shoe', 'sunglasses', 't-shirt'],
  ),
  'red-gown': portrait(
    'a sculptural red gown',
    ['woman-standing', 'dress'],
    ['high-heeled-shoe', 'rose', 'sparkles'],
  ),
  'bounty-hunter': portrait(
    'a desert bounty hunter',
    ['detective', 'man-detective'],
    ['water-pistol', 'cactus', 'camel', 'coin'],
  ),
  'colony-ship': sky(
    'a colony ship leaving Earth',
    ['rocket'],
    ['globe-showing-europe-africa', 'satellite', 'star'],
  ),
  'twin-moons': place(
    'twin moons over a frozen ocean world',
    ['full-moon', 'first-quarter-moon'],
    ['ice', 'snowflake', 'comet'],
  ),
  'space-race-poster': sky('the space race', ['rocket'], ['man-astronaut', 'star', 'satellite']),
  'sci-fi-cover': sky(
    'a retro sci-fi paperback cover',
    ['flying-saucer'],
    ['alien', 'ringed-planet', 'comet'],
  ),
  nebula: scene('a nebula of newborn stars', [], ['glowing-star', 'sparkles', 'star']),
  'gas-giant': place(
    'a ringed gas giant over an alien desert',
    ['ringed-planet'],
    ['cactus', 'rock', 'alien'],
  ),
  'derelict-ship': sky(
    'a derelict starship in an asteroid field',
    ['flying-saucer', 'satellite'],
    ['rock', 'comet', 'collision'],
  ),

  // ---- DALL·E: watercolours, picture books, mascots, stickers, mockups, posters
  peonies: hero('a bouquet of garden peonies', ['bouquet'], ['rose', 'blossom', 'hibiscus']),
  'sunday-roast': food(
    'a Sunday roast',
    ['poultry-leg', 'cut-of-meat'],
    ['potato', 'carrot', 'broccoli', 'fork-and-knife'],
  ),
  'taco-platter': food('a taco platter', ['taco'], ['avocado', 'hot-pepper', 'lime', 'tomato']),
  pho: food('a bowl of pho', ['steaming-bowl'], ['chopsticks', 'herb', 'lime', 'hot-pepper']),
  'lavender-bunch': hero('a bunch of lavender', ['hyacinth'], ['ribbon', 'butterfly', 'honeybee']),
  'cherry-blossoms': hero('cherry blossoms', ['cherry-blossom'], ['blossom', 'butterfly', 'bird']),
  'moon-garden': hero(
    'a rabbit planting a moon garden',
    ['rabbit'],
    ['crescent-moon', 'seedling', 'tulip', 'star'],
  ),
  'flower-mandala': coloring(
    'a mandala of garden flowers',
    ['sunflower'],
    ['tulip', 'rose', 'blossom', 'hibiscus', 'cherry-blossom'],
  ),
  'autumn-wreath': hero(
    'a wreath of autumn leaves',
    ['maple-leaf'],
    ['fallen-leaf', 'chestnut', 'leaf-fluttering-in-wind'],
  ),
  macarons: food('a stack of macarons', ['cookie'], ['cupcake', 'strawberry', 'hot-beverage']),
  'teacup-mouse': hero(
    'a brave mouse sailing a teacup',
    ['mouse'],
    ['teacup-without-handle', 'water-wave', 'sailboat'],
  ),
  eucalyptus: hero('a sprig of eucalyptus', ['herb'], ['leaf-fluttering-in-wind', 'seedling', 'shamrock']),
  'lemon-branch': hero('a lemon branch with blossoms', ['lemon'], ['white-flower', 'leafy-green', 'blossom']),
  'fruit-tart': food('a summer fruit tart', ['pie'], ['strawberry', 'kiwi-fruit', 'peach', 'blueberries']),
  'coral-reef': coloring(
    'an underwater coral reef',
    ['tropical-fish'],
    ['coral', 'octopus', 'crab', 'spiral-shell', 'fish'],
  ),
  'reykjavik-poster': place('Reykjavik', ['church'], ['snow-capped-mountain', 'whale', 'house']),
  'lisbon-poster': place('Lisbon', ['tram-car'], ['classical-building', 'sailboat', 'sun']),
  'marrakech-poster': place('Marrakech', ['mosque'], ['camel', 'palm-tree', 'sun']),
  'reading-dragon': hero('a dragon learning to read', ['dragon'], ['open-book', 'books', 'candle']),
  'octopus-mascot': hero(
    'a playful octopus mascot',
    ['octopus'],
    ['goggles', 'water-wave', 'bubbles', 'ring-buoy'],
  ),
  'dinosaur-family': coloring('a dinosaur family', ['sauropod', 't-rex'], ['egg', 'palm-tree', 'volcano']),
  'royal-retriever': portrait(
    'a golden retriever as royalty',
    ['dog', 'guide-dog'],
    ['crown', 'gem-stone', 'framed-picture'],
  ),
  'tabby-astronaut': hero('a tabby cat astronaut', ['cat'], ['rocket', 'ringed-planet', 'star']),
  'siamese-captain': hero('a Siamese cat sea captain', ['cat-face', 'cat'], ['anchor', 'ship', 'ring-buoy']),
  'robot-mascot': hero('a friendly robot mascot', ['robot'], ['laptop', 'gear', 'light-bulb']),
  'rabbit-astronaut': hero(
    'a pet rabbit astronaut',
    ['rabbit-face', 'rabbit'],
    ['rocket', 'carrot', 'full-moon'],
  ),
  'bakery-bear': hero('a bear who runs a bakery', ['bear'], ['bread', 'croissant', 'cook', 'birthday-cake']),
  'owl-librarian': hero('a shy owl librarian', ['owl'], ['books', 'open-book', 'glasses']),
  'sleepy-fox': coloring('a sleepy fox in a forest', ['fox'], ['evergreen-tree', 'mushroom', 'fallen-leaf']),
  'sweater-dachshund': hero(
    'a dachshund in a cozy sweater',
    ['dog', 'dog-face'],
    ['yarn', 'scarf', 'hot-beverage'],
  ),
  'dark-hedgehog': hero(
    'a little hedgehog afraid of the dark',
    ['hedgehog'],
    ['flashlight', 'crescent-moon', 'star'],
  ),
  'meadow-unicorn': coloring('a unicorn in a meadow', ['unicorn'], ['rainbow', 'tulip', 'butterfly']),
  'soap-box': product('a box of handmade soap', ['soap'], ['herb', 'bubbles', 'wrapped-gift']),
  'fitness-icons': sheet(
    'a fitness app icon set',
    ['person-lifting-weights'],
    [
      'running-shoe',
      'stopwatch',
      'person-biking',
      'droplet',
      'red-heart',
      'flexed-biceps',
      'person-swimming',
      'green-apple',
    ],
  ),
  'trail-badge': logo('a mountain badge for trail runners', ['mountain'], ['running-shoe']),
  'yuzu-soda': product(
    'a can of sparkling yuzu soda',
    ['beverage-box', 'cup-with-straw'],
    ['lemon', 'bubbles', 'ice'],
  ),
  'avocado-mascot': hero('a cheerful avocado mascot', ['avocado'], ['green-salad', 'leafy-green', 'tomato']),
  'utensil-stickers': sheet(
    'kitchen utensil stickers',
    ['fork-and-knife'],
    [
      'spoon',
      'kitchen-knife',
      'cooking',
      'teapot',
      'chopsticks',
      'shallow-pan-of-food',
      'salt',
      'bowl-with-spoon',
    ],
  ),
  'coffee-icons': sheet(
    'a coffee shop icon set',
    ['hot-beverage'],
    ['croissant', 'teacup-without-handle', 'cookie', 'doughnut', 'glass-of-milk', 'coin', 'takeout-box'],
  ),
  'gardening-stickers': sheet(
    'gardening stickers',
    ['seedling'],
    ['potted-plant', 'tulip', 'sunflower', 'carrot', 'worm', 'lady-beetle', 'basket', 'sun'],
  ),
  'weather-icons': sheet(
    'a weather icon set',
    ['sun'],
    [
      'cloud',
      'cloud-with-rain',
      'cloud-with-lightning',
      'snowflake',
      'sun-behind-cloud',
      'rainbow',
      'tornado',
      'umbrella',
    ],
  ),
  'coffee-bag': product(
    'a kraft paper coffee bag',
    ['shopping-bags'],
    ['hot-beverage', 'beans', 'leaf-fluttering-in-wind'],
  ),
  'face-oil': product(
    'a glass dropper bottle of face oil',
    ['lotion-bottle'],
    ['droplet', 'blossom', 'herb'],
  ),
  'candle-jar': product('a ceramic candle jar', ['candle'], ['fire', 'herb', 'wrapped-gift']),
  'rocket-emblem': logo('a retro rocket emblem for a toy store', ['rocket'], ['star']),
  'space-stickers': sheet(
    'cute space stickers',
    ['astronaut'],
    [
      'rocket',
      'ringed-planet',
      'alien',
      'flying-saucer',
      'comet',
      'full-moon-face',
      'satellite',
      'glowing-star',
    ],
  ),
  notebooks: product(
    'a set of minimalist notebooks',
    ['notebook', 'notebook-with-decorative-cover'],
    ['pencil', 'black-nib', 'straight-ruler'],
  ),
  'scandi-kitchen': room(
    'a small Scandinavian kitchen',
    ['cooking'],
    ['teapot', 'potted-plant', 'bread', 'chair', 'hot-beverage'],
  ),
  'japandi-living': room(
    'a Japandi living room',
    ['couch-and-lamp'],
    ['potted-plant', 'teacup-without-handle', 'books', 'lotus'],
  ),
  'library-bar': room(
    'a moody library bar',
    ['cocktail-glass'],
    ['books', 'wine-glass', 'candle', 'tumbler-glass', 'chair'],
  ),
  playroom: room(
    "a kids' playroom",
    ['teddy-bear'],
    ['kite', 'puzzle-piece', 'balloon', 'crayon', 'yo-yo', 'rocket'],
  ),
  'home-office': room(
    'a mid-century home office',
    ['desktop-computer'],
    ['chair', 'potted-plant', 'books', 'hot-beverage', 'spiral-notepad'],
  ),
  'desert-oasis': place('a desert oasis', ['palm-tree'], ['camel', 'cactus', 'water-wave']),
  'autumn-path': field('an autumn forest path', ['fallen-leaf'], ['deciduous-tree']),
  'alps-railway': place(
    'a railway through the Swiss Alps',
    ['mountain-railway', 'locomotive'],
    ['snow-capped-mountain', 'evergreen-tree'],
  ),
  'balloon-turtle': sky('a turtle on a hot-air balloon trip', ['turtle'], ['balloon', 'cloud', 'bird']),
  'lavender-ukiyoe': field('a lavender field at sunset', ['hut'], ['hyacinth']),
  'misty-valley': place('a misty valley with a winding river', ['canoe'], ['evergreen-tree', 'hut', 'fog']),
  'low-tide-beach': place(
    'a quiet beach at low tide',
    ['spiral-shell'],
    ['crab', 'water-wave', 'beach-with-umbrella'],
  ),
  'amalfi-poster': place('the Amalfi Coast', ['passenger-ship', 'sailboat'], ['lemon', 'houses', 'sun']),
  'rocky-lighthouse': place(
    'a lighthouse on a rocky coast',
    ['@lighthouse'],
    ['sailboat', 'bird', 'water-wave'],
  ),
  'chess-champion': portrait(
    'a chess champion',
    ['person-white-hair', 'woman-white-hair'],
    ['chess-pawn', 'trophy', 'hourglass-done'],
  ),
  'young-astronaut': portrait(
    'a young astronaut',
    ['woman-astronaut', 'astronaut'],
    ['ringed-planet', 'star', 'rocket'],
  ),
  'jazz-trumpeter': portrait(
    'a jazz trumpeter',
    ['man-singer', 'person-standing'],
    ['trumpet', 'musical-notes', 'saxophone'],
  ),
  'tattooed-barista': portrait(
    'a tattooed barista',
    ['man-cook', 'cook'],
    ['hot-beverage', 'glass-of-milk', 'croissant'],
  ),
  'victorian-botanist': portrait(
    'a Victorian botanist',
    ['woman-scientist', 'scientist'],
    ['seedling', 'microscope', 'potted-plant', 'top-hat'],
  ),
  skateboarder: portrait(
    'a skateboarder',
    ['person-standing', 'man-standing'],
    ['skateboard', 'billed-cap', 'running-shoe'],
  ),
  'flamenco-dancer': portrait('a flamenco dancer', ['woman-dancing'], ['rose', 'folding-hand-fan', 'guitar']),
  'moon-cabin': place('a cozy cabin on the Moon', ['hut'], ['full-moon', 'globe-showing-americas', 'star']),
  'mars-greenhouse': place(
    'a greenhouse on Mars',
    ['seedling', 'potted-plant'],
    ['ringed-planet', 'rocket', 'tulip'],
  ),
  'nebula-fishing': sky(
    'an astronaut fishing in a nebula',
    ['astronaut'],
    ['fishing-pole', 'tropical-fish', 'star'],
  ),
  'asteroid-lighthouse': place('a lighthouse on an asteroid', ['@lighthouse'], ['comet', 'star', 'rocket']),

  // ---- ChatGPT: the answer a prompt writes, rendered
  'plant-newsletter': doc('a plant shop newsletter', 'mail', ['potted-plant'], 'Autumn at the Greenhouse', [
    'Repot before the first frost',
    'New: trailing pothos',
    'Workshop this Saturday',
  ]),
  'cover-prompts': doc('book cover prompts', 'list', ['closed-book'], 'Cover prompt · fantasy', [
    'a lone tower in violet fog,',
    'gold foil title space,',
    '--ar 2:3 --style raw',
  ]),
  'review-reply': doc(
    'a reply to a restaurant review',
    'mail',
    ['fork-and-knife-with-plate'],
    'Thank you, Maya',
    ['We are sorry the pasta came cold.', 'Your next dinner is on us.', '— Chef Luca'],
  ),
  'coach-landing': doc('a landing page for a coach', 'page', ['person-running'], 'Run your first 10K', [
    '12 weeks · 3 sessions a week',
    'Plans that fit your life',
    'Book a free call',
  ]),
  'course-newsletter': doc(
    'a newsletter for course creators',
    'mail',
    ['graduation-cap'],
    'Module 4 is live!',
    ['Lesson: pricing your work', 'Live Q&A on Thursday', 'Your progress: 60%'],
  ),
  'late-delivery': doc(
    'a support reply for a late delivery',
    'mail',
    ['package'],
    'Your order is on its way',
    ['We are sorry for the delay.', 'New delivery date: Friday', 'Free shipping next time'],
  ),
  'bookshop-newsletter': doc('a bookshop newsletter', 'mail', ['books'], 'This Month on Our Shelves', [
    'Staff pick: a quiet thriller',
    'Signing night, 14 March',
    'Book club: 20% off',
  ]),
  'brewery-newsletter': doc('a craft brewery newsletter', 'mail', ['beer-mug'], 'Fresh from the Tanks', [
    'New: Hazy Harbour IPA',
    'Taproom quiz Thursday',
    'Tour tickets inside',
  ]),
  'startup-waitlist': doc('a startup waitlist page', 'page', ['rocket'], 'Be first in line', [
    'Invoices that chase themselves',
    '2,431 people waiting',
    'Join the waitlist',
  ]),
  'game-art-prompts': doc('game concept art prompts', 'list', ['video-game'], 'Concept prompt · ruins', [
    'overgrown temple, volumetric light,',
    'isometric, painterly,',
    '--ar 16:9 --v 6',
  ]),
  'app-landing': doc('a landing page for a mobile app', 'page', ['mobile-phone'], 'Budget in one tap', [
    'Track spending automatically',
    'Rated 4.8 by 12k users',
    'Download free',
  ]),
  'webinar-page': doc(
    'a webinar registration page',
    'page',
    ['studio-microphone'],
    'Live: Grow Your Email List',
    ['Thursday · 6 pm CET · 45 min', 'Three tactics you can use today', 'Save my seat'],
  ),
  'refund-reply': doc('a refund request response', 'mail', ['credit-card'], 'Your refund is approved', [
    '€49.00 back to your card',
    'Arrives in 3–5 days',
    'Thanks for your patience',
  ]),
  'social-image-prompts': doc(
    'image prompts for social posts',
    'list',
    ['camera-with-flash'],
    'Post prompt · Monday',
    ['flat lay of a latte and planner,', 'soft morning light, pastel,', 'square 1:1'],
  ),
  'yoga-captions': doc(
    'Instagram captions for a yoga studio',
    'social',
    ['person-in-lotus-position'],
    'Sunrise flow ☀',
    ['Breathe in the new week.', 'Mats out at 7 am.', '#yoga #morningflow'],
  ),
  'skincare-captions': doc(
    'Instagram captions for a skincare brand',
    'social',
    ['lotion-bottle'],
    'Glow, gently ✨',
    ['Three drops, every night.', 'Your skin will thank you.', '#skincare #glow'],
  ),
  'mediterranean-plan': doc('a Mediterranean meal plan', 'plan', ['olive'], 'Week 1 · Mediterranean', [
    'Mon  Greek salad, lentil soup',
    'Tue  Baked cod, tabbouleh',
    'Wed  Chickpea stew',
  ]),
  'family-veg-plan': doc('a vegetarian family meal plan', 'plan', ['broccoli'], 'Family Veggie Week', [
    'Mon  Veggie lasagne',
    'Tue  Bean burritos',
    'Wed  Pumpkin risotto',
  ]),
  'coffee-captions': doc(
    'Instagram captions for a coffee shop',
    'social',
    ['hot-beverage'],
    'Monday, but make it oat ☕',
    ['First pour at 7.', 'Bring a friend, get a cookie.', '#coffeetime'],
  ),
  'protein-plan': doc('a high-protein meal plan', 'plan', ['egg'], 'High-Protein Week', [
    'Mon  Eggs, chicken wrap',
    'Tue  Greek yogurt, salmon',
    'Wed  Tofu stir-fry',
  ]),
  'bakery-captions': doc(
    'Instagram captions for a bakery',
    'social',
    ['croissant'],
    'Fresh out of the oven 🥐',
    ['Butter, flour, patience.', 'Gone by 10 am.', '#bakery #croissant'],
  ),
  'finance-script': doc('a personal finance YouTube script', 'script', ['money-bag'], 'HOOK (0:00)', [
    '"I saved €10,000 on one salary."',
    'B-ROLL: budget spreadsheet',
    'CTA: subscribe for part 2',
  ]),
  'lisbon-itinerary': doc('a weekend itinerary for Lisbon', 'plan', ['tram-car'], 'Lisbon in 48 Hours', [
    'Sat  Alfama at sunrise, Tram 28',
    'Sat  Pastéis in Belém',
    'Sun  Sintra day trip',
  ]),
  'horror-fiction': doc('horror micro-fiction', 'script', ['ghost'], 'The Last Tenant', [
    'The lift stopped at floor 13.',
    'There is no floor 13.',
    'The doors opened anyway.',
  ]),
  'japan-trip': doc('a family trip plan for Japan', 'plan', ['mount-fuji'], 'Japan with Kids · 10 Days', [
    'Day 1  Tokyo, Ueno Zoo',
    'Day 4  Kyoto, Fushimi Inari',
    'Day 7  Nara deer park',
  ]),
  'nonprofit-release': doc(
    'a press release for a nonprofit event',
    'press',
    ['handshake'],
    'FOR IMMEDIATE RELEASE',
    ['Riverside Food Bank hosts', 'its first charity run', 'on 12 May'],
  ),
  'funding-release': doc('a funding announcement', 'press', ['chart-increasing'], 'FOR IMMEDIATE RELEASE', [
    'Loomly raises €8M',
    'Series A to grow',
    'its design tools',
  ]),
  'travel-vlog-script': doc('a travel vlog script', 'script', ['airplane'], 'INTRO (0:00)', [
    '"48 hours in Hanoi, €100."',
    'B-ROLL: street food stalls',
    'CUT TO: train street',
  ]),
  'tech-review-script': doc('a tech review script', 'script', ['laptop'], 'VERDICT (8:40)', [
    'Battery: 14 hours, real use',
    'Screen: best in class',
    'Buy it if you edit video',
  ]),
  'fitness-shorts': doc('a fitness YouTube Shorts script', 'script', ['flexed-biceps'], 'SHORT · 30 s', [
    '0–3 s  "Stop doing crunches."',
    '3–20 s  Three better moves',
    '20–30 s  Follow for more',
  ]),
  'restaurant-release': doc(
    'a press release for a restaurant opening',
    'press',
    ['fork-and-knife-with-plate'],
    'FOR IMMEDIATE RELEASE',
    ['Olive & Ash opens', 'on Harbour Street', 'this Friday'],
  ),
  'bedtime-story': doc('a bedtime story for kids', 'script', ['crescent-moon'], 'Pip and the Sleepy Star', [
    'Once upon a time, a little star',
    'was too tired to shine.',
    'Pip had an idea…',
  ]),
  'python-review': doc('a Python code review', 'code', ['snake'], 'review.py', [
    'def total(items):',
    '    return sum(i.price for i in items)',
    '# ✓ clear; add a type hint',
  ]),
  'amazon-listing': doc(
    'Amazon listing copy for a kitchen gadget',
    'list',
    ['kitchen-knife'],
    'ChopPro Mandoline Slicer',
    ['• 5 blades, one safe dial', '• Dishwasher safe', '• Slices in seconds'],
  ),
  'saas-outline': doc(
    'an SEO blog outline for a SaaS startup',
    'list',
    ['bar-chart'],
    'H1: Onboarding Emails That Work',
    ['H2  Why day one matters', 'H2  7 templates to copy', 'H2  What to measure'],
  ),
  'agency-outreach': doc(
    'cold outreach emails for a web agency',
    'mail',
    ['laptop'],
    'Quick idea for your site',
    ['Hi Sam, your shop loads in 6 s.', 'We cut that to 1.5 s for Acme.', 'Worth a 10-minute call?'],
  ),
  'consultant-sequence': doc('a cold email sequence for consultants', 'mail', ['briefcase'], 'Email 1 of 3', [
    'Subject: your Q3 pipeline',
    'Hi Dana, three clients of ours…',
    'Open to a chat on Tuesday?',
  ]),
  'coffee-names': doc('brand names for a coffee shop', 'list', ['hot-beverage'], 'Name ideas', [
    '1. Daily Grind Co.',
    '2. Slow Pour',
    '3. Bean & Bloom',
  ]),
  'eco-skincare-copy': doc('product copy for eco skincare', 'page', ['herb'], 'Oat Milk Cleanser', [
    'Gentle on skin, kind to rivers',
    'Refillable glass bottle',
    'Add to bag · €18',
  ]),
  'app-gtm': doc('a go-to-market plan for a mobile app', 'plan', ['mobile-phone'], 'Launch Plan · 90 Days', [
    'Wk 1–4  Beta with 200 users',
    'Wk 5–8  Creator partnerships',
    'Wk 9–12  App Store feature',
  ]),
  'meal-kit-ads': doc('Facebook ads for a meal kit brand', 'social', ['takeout-box'], 'Dinner, sorted 🍝', [
    '15-minute recipes, fresh to your door.',
    'First box 50% off.',
    'Order now',
  ]),
  'realestate-brief': doc(
    'an SEO brief for real estate agents',
    'list',
    ['house'],
    'Brief: "first-time buyer"',
    ['Intent: how to buy a first home', 'Words: 1,800 · 6 H2s', 'FAQ: deposits, surveys'],
  ),
  'js-review': doc('a JavaScript code review', 'code', ['technologist'], 'cart.js', [
    'const total = items',
    '  .reduce((s, i) => s + i.price, 0);',
    '// ✓ pure; guard empty input',
  ]),
  'designer-pricing': doc(
    'a pricing strategy for freelance designers',
    'list',
    ['artist-palette'],
    'Three Packages',
    ['Starter  logo · €450', 'Brand  logo + kit · €1,200', 'Studio  retainer · €900/mo'],
  ),
  'coffee-truck-swot': doc(
    'a SWOT analysis for a coffee truck',
    'list',
    ['delivery-truck'],
    'SWOT · Coffee Truck',
    ['S  Low rent, goes to the crowd', 'W  Weather-dependent', 'O  Office parks, festivals'],
  ),
  'app-ad-variations': doc(
    'ad copy variations for a mobile app',
    'social',
    ['mobile-phone-with-arrow'],
    'Variant B',
    ['Sleep better in 7 nights.', 'Calm stories, no ads.', 'Try free for 14 days'],
  ),
  'plumber-ads': doc(
    'Google Ads copy for a local plumber',
    'social',
    ['wrench'],
    'Emergency Plumber · 24/7',
    ['Fixed prices, no call-out fee.', 'At your door in 60 minutes.', 'Call now'],
  ),
  'go-review': doc('a Go code review', 'code', ['gear'], 'handler.go', [
    'if err != nil {',
    '    return fmt.Errorf("load: %w", err)',
    '} // ✓ wrap errors',
  ]),
  'candle-description': doc(
    'a Shopify description for handmade candles',
    'page',
    ['candle'],
    'Fig & Cedar Candle',
    ['Hand-poured soy wax', '50 hours of slow burn', 'Add to cart · €24'],
  ),
  'podcast-names': doc('podcast name ideas', 'list', ['studio-microphone'], 'Podcast names', [
    '1. Side Quest',
    '2. The Long Way Round',
    '3. Small Talk, Big Ideas',
  ]),
  'fitness-seo-outline': doc(
    'an SEO outline for fitness coaches',
    'list',
    ['person-lifting-weights'],
    'H1: Strength Training at 40+',
    ['H2  Start with three lifts', 'H2  How often to train', 'H2  Eating for muscle'],
  ),
  'bakery-seo-outline': doc(
    'an SEO blog outline for a bakery',
    'list',
    ['bread'],
    'H1: The Best Sourdough in Town',
    ['H2  Our 48-hour dough', 'H2  How to store a loaf', 'H2  Order for the weekend'],
  ),
  'recruiting-emails': doc(
    'B2B cold emails for recruiting firms',
    'mail',
    ['busts-in-silhouette'],
    'Hiring 3 engineers?',
    ['Hi Priya, saw the new roles.', 'We filled 40 like them last year.', 'Free shortlist in 5 days?'],
  ),
  'saas-sequence': doc('a cold email sequence for SaaS', 'mail', ['envelope'], 'Email 2 of 4', [
    'Subject: the churn number',
    'Teams like yours cut churn 18%.',
    'Here is how, in 2 minutes',
  ]),
  'bakery-slogans': doc('names and slogans for a bakery', 'list', ['baguette-bread'], 'Crumb & Co.', [
    '"Baked before you wake."',
    '"Good bread, no rush."',
    '"Warm since 6 am."',
  ]),
  'course-ads': doc(
    'Facebook ad copy for online courses',
    'social',
    ['graduation-cap'],
    'Learn to draw in 30 days ✏',
    ['10 minutes a day, real results.', '4,000 students and counting.', 'Start free'],
  ),
  'outdoor-copy': doc('product copy for an outdoor gear store', 'page', ['backpack'], 'Ridge 35L Pack', [
    'Carries a weekend, weighs 900 g',
    'Recycled ripstop, lifetime repair',
    'Add to cart · €129',
  ]),
  'groomer-brief': doc(
    'an SEO blog brief for pet groomers',
    'list',
    ['poodle'],
    'Brief: "dog grooming at home"',
    ['Intent: groom between visits', 'Words: 1,400 · 5 H2s', 'Link: book a groom'],
  ),
  'meal-kit-analysis': doc(
    'a competitor analysis for a meal kit startup',
    'list',
    ['bar-chart'],
    'Competitors',
    ['HelloFresh  price €6.49/meal', 'Gousto  75 recipes weekly', 'Gap: family portions'],
  ),
  'maths-lesson': doc('a primary school maths lesson plan', 'plan', ['abacus'], 'Lesson: Fractions', [
    '5 min  Pizza warm-up',
    '20 min  Halves and quarters',
    '10 min  Exit ticket',
  ]),
  'warehouse-job-ad': doc('a job ad for warehouse team leads', 'page', ['package'], 'Team Lead, Warehouse', [
    '€19/hour · day shifts',
    'Lead a team of 12',
    'Apply in 2 minutes',
  ]),
  'csm-job': doc(
    'a job description for a customer success manager',
    'page',
    ['handshake'],
    'Customer Success Manager',
    ['Remote · EU time zones', 'Own 60 accounts', 'What you bring'],
  ),
  'writing-lesson': doc(
    'a creative writing lesson plan',
    'plan',
    ['writing-hand'],
    "Lesson: Show, Don't Tell",
    ['10 min  Read two openings', '20 min  Rewrite one scene', '10 min  Share in pairs'],
  ),
  'engineer-resume': doc(
    'a rewritten software engineer resume',
    'list',
    ['technologist'],
    'Senior Engineer · 2021–now',
    ['• Cut page load 62% (React, CDN)', '• Led 5 engineers on payments', '• Shipped 40 releases on time'],
  ),
  'esl-lesson': doc('an ESL lesson plan for adults', 'plan', ['speech-balloon'], 'Lesson: At the Café', [
    '10 min  Key words: menu, bill',
    '20 min  Role-play an order',
    '10 min  Listening quiz',
  ]),
  'career-change-bullets': doc(
    'resume bullets for a career changer',
    'list',
    ['briefcase'],
    'Teacher → Product Manager',
    ['• Planned 180 lessons a year', '• Ran surveys of 300 families', '• Led a 6-person project'],
  ),
  'science-lesson': doc(
    'a middle school science lesson plan',
    'plan',
    ['test-tube'],
    'Lesson: States of Matter',
    ['5 min  Ice cube demo', '25 min  Lab: melting points', '10 min  Quiz'],
  ),
  'line-cook-job': doc('a job posting for restaurant line cooks', 'page', ['cook'], 'Line Cook, Full-Time', [
    '€16/hour + tips',
    'Fresh pasta station',
    'Apply today',
  ]),
  'marketing-bullets': doc(
    'resume bullets for a marketing manager',
    'list',
    ['megaphone'],
    'Marketing Manager · 2020–now',
    ['• Grew organic traffic 3×', '• Cut cost per lead by 41%', '• Managed €1.2M budget'],
  ),
  'cozy-mystery': doc('a cozy mystery story starter', 'script', ['detective'], 'Chapter One', [
    'The village fête had one rule:',
    "no one touches Mrs Hale's jam.",
    'By noon, the jar was gone.',
  ]),
  'bali-honeymoon': doc('a honeymoon itinerary for Bali', 'plan', ['palm-tree'], 'Bali Honeymoon · 7 Days', [
    'Day 1  Ubud rice terraces',
    'Day 3  Sunrise at Mount Batur',
    'Day 5  Nusa Penida beaches',
  ]),
  'scifi-story': doc('a sci-fi short story', 'script', ['rocket'], 'Signal from Kepler-442', [
    'At 03:14, the array heard',
    'a voice it had recorded',
    'a hundred years ago.',
  ]),

  // ---- Kling: the subject in motion
  'ink-drops': scene('ink drops blooming in water', [], ['droplet']),
  'aurora-waves': scene('aurora-like light waves', []),
  'twisting-ribbons': scene('glass ribbons twisting', [], ['sparkles']),
  'drifting-bubbles': scene('iridescent bubbles drifting', [], ['bubbles']),
  'liquid-gold': scene('liquid gold flowing', [], ['coin']),
  'honey-pancakes': food('honey dripping onto pancakes', ['pancakes'], ['honey-pot', 'honeybee', 'butter']),
  'fresh-pasta': food('fresh pasta being rolled', ['spaghetti'], ['egg', 'herb', 'cheese-wedge']),
  'ramen-lift': food(
    'ramen noodles lifted with chopsticks',
    ['steaming-bowl'],
    ['chopsticks', 'egg', 'fish-cake-with-swirl'],
  ),
  'latte-pour': food('latte art being poured', ['hot-beverage'], ['glass-of-milk', 'cookie', 'spoon']),
  'sundae-sauce': food(
    'chocolate sauce over ice cream',
    ['ice-cream', 'soft-ice-cream'],
    ['chocolate-bar', 'cherries', 'spoon'],
  ),
  'manhattan-dusk': place(
    'a Manhattan avenue at dusk',
    ['statue-of-liberty', 'office-building'],
    ['taxi', 'oncoming-taxi', 'oncoming-bus'],
  ),
  'tokyo-rain': place(
    'neon Tokyo streets in the rain',
    ['tokyo-tower'],
    ['umbrella-with-rain-drops', 'red-paper-lantern', 'taxi'],
  ),
  'paris-boulevard': place(
    'a Paris boulevard at blue hour',
    ['classical-building'],
    ['bicycle', 'croissant', 'deciduous-tree'],
  ),
  'seoul-market': place(
    'a Seoul night market',
    ['department-store'],
    ['red-paper-lantern', 'oden', 'dumpling'],
  ),
  'venice-canal': place('a quiet Venice canal at dawn', ['canoe'], ['classical-building', 'church', 'bird']),
  'hong-kong-trams': place(
    'Hong Kong tram lines at night',
    ['tram'],
    ['office-building', 'red-paper-lantern', 'taxi'],
  ),
  megacity: place('a futuristic megacity', ['office-building'], ['monorail', 'flying-saucer', 'helicopter']),
  'dragon-over-town': sky('a dragon flying over a medieval town', ['dragon'], ['castle', 'fire', 'houses']),
  'owl-flight': sky('an owl taking flight at dusk', ['owl'], ['crescent-moon', 'evergreen-tree', 'feather']),
  'forest-spirit': hero(
    'a girl meeting a giant forest spirit',
    ['deer', 'girl'],
    ['evergreen-tree', 'sparkles', 'mushroom'],
  ),
  'fox-pounce': hero('a red fox pouncing in snow', ['fox'], ['snowflake', 'mouse', 'evergreen-tree']),
  'howling-wolf': hero('a wolf howling on a ridge', ['wolf'], ['full-moon', 'evergreen-tree', 'star']),
  'rain-cat': hero(
    'a cat watching the rain',
    ['cat', 'black-cat'],
    ['window', 'cloud-with-rain', 'potted-plant'],
  ),
  'meadow-deer': hero('a deer crossing a misty meadow', ['deer'], ['fog', 'tulip', 'deciduous-tree']),
  'perfume-turntable': product(
    'a luxury perfume bottle on a turntable',
    ['lotion-bottle'],
    ['sparkles', 'rose'],
  ),
  'skincare-jar': product('a skincare jar', ['jar'], ['droplet', 'blossom', 'herb']),
  'whisky-bottle': product(
    'a levitating whisky bottle',
    ['bottle-with-popping-cork'],
    ['ice', 'tumbler-glass', 'sheaf-of-rice'],
  ),
  'energy-can': product(
    'a levitating can of energy drink',
    ['beverage-box'],
    ['high-voltage', 'ice', 'droplet'],
  ),
  'headphone-splash': product(
    'wireless headphones in a splash',
    ['headphone'],
    ['droplet', 'musical-notes', 'water-wave'],
  ),
  'shoe-splash': product(
    'running shoes in a splash',
    ['running-shoe'],
    ['droplet', 'water-wave', 'dashing-away'],
  ),
  'lipstick-turntable': product('a lipstick on a turntable', ['lipstick'], ['kiss-mark', 'sparkles', 'rose']),
  'artist-studio': room(
    "a sunlit artist's studio",
    ['artist-palette'],
    ['framed-picture', 'paintbrush', 'potted-plant', 'chair'],
  ),
  'log-cabin': room(
    'a cozy log cabin in morning light',
    ['wood', 'fire'],
    ['hot-beverage', 'bed', 'scarf', 'window'],
  ),
  'hotel-suite': room(
    'a boutique hotel suite',
    ['bed'],
    ['bellhop-bell', 'wine-glass', 'potted-plant', 'couch-and-lamp'],
  ),
  'scandi-apartment': room(
    'a Scandinavian apartment',
    ['couch-and-lamp'],
    ['potted-plant', 'chair', 'framed-picture', 'candle'],
  ),
  'open-kitchen': room(
    'a modern open-plan kitchen',
    ['cooking'],
    ['chair', 'teapot', 'green-salad', 'potted-plant'],
  ),
  'icelandic-waterfall': place('an Icelandic waterfall', ['@waterfall'], ['rainbow', 'ram', 'bird']),
  'wizard-library': portrait(
    'a wizard casting spells in a library',
    ['man-mage', 'person-mage'],
    ['books', 'sparkles', 'magic-wand', 'candle'],
  ),
  'shrine-petals': place(
    'cherry blossom petals around a shrine',
    ['shinto-shrine'],
    ['cherry-blossom', 'wind-face', 'red-paper-lantern'],
  ),
  'rainforest-canopy': field('a rainforest canopy', ['parrot'], ['palm-tree']),
  'alpine-lake-drone': place(
    'a misty alpine lake from above',
    ['snow-capped-mountain'],
    ['canoe', 'evergreen-tree', 'fog'],
  ),
  'norwegian-fjord': place(
    'a Norwegian fjord',
    ['ship'],
    ['house', 'snow-capped-mountain', 'evergreen-tree'],
  ),
  'wheat-fields': field('golden wheat fields', ['tractor'], ['sheaf-of-rice']),
  'tuscan-hills': field('rolling Tuscan hills', ['house-with-garden'], ['evergreen-tree']),
  'desert-canyon': place('a desert canyon', ['cactus'], ['eagle', 'rock', 'camel']),
  'volcanic-highland': place('a volcanic highland', ['volcano'], ['rock', 'fire', 'cloud']),
  'floating-castle': sky('a floating castle above the clouds', ['castle'], ['cloud', 'rainbow', 'bird']),
  'turquoise-lagoon': place('a turquoise lagoon', ['desert-island'], ['tropical-fish', 'palm-tree', 'canoe']),
  'humpback-whale': hero(
    'a humpback whale breaching',
    ['spouting-whale', 'whale'],
    ['water-wave', 'droplet', 'bird'],
  ),
  'north-sea-coast': place(
    'a stormy North Sea coast',
    ['cloud-with-lightning'],
    ['water-wave', 'ship', 'rock'],
    ['lighthouse'],
  ),
  'sunset-sailboat': hero('a sailboat at sunset', ['sailboat'], ['sun', 'bird', 'water-wave']),
  surfer: hero(
    'a surfer on a glassy wave',
    ['person-surfing', 'woman-surfing'],
    ['water-wave', 'sun', 'palm-tree'],
  ),
  'wave-lighthouse': place(
    'a lighthouse in crashing waves',
    ['@lighthouse'],
    ['water-wave', 'cloud-with-rain', 'bird'],
  ),
  'black-sand-drone': place('a black sand beach from above', ['volcano'], ['water-wave', 'rock', 'canoe']),
  'red-silk-dancer': portrait(
    'a dancer spinning in red silk',
    ['woman-dancing'],
    ['ribbon', 'sparkles', 'rose'],
  ),
  'linen-beach': portrait(
    'a linen collection on a windy beach',
    ['woman-standing', 'person-standing'],
    ['wind-face', 'water-wave', 'womans-hat'],
  ),
  'wheat-field-woman': portrait(
    'a woman in a wheat field',
    ['woman-red-hair', 'woman-blonde-hair'],
    ['sheaf-of-rice', 'sun', 'sunflower'],
  ),
  'strobe-runway': portrait(
    'a runway show under strobe lights',
    ['woman-walking', 'person-walking'],
    ['camera-with-flash', 'high-heeled-shoe', 'sparkles'],
  ),
  'stage-singer': portrait(
    'a singer under stage lights',
    ['singer', 'man-singer'],
    ['microphone', 'musical-notes', 'sparkles'],
  ),
  'flashlight-reader': portrait(
    'a boy reading with a flashlight',
    ['boy'],
    ['flashlight', 'open-book', 'crescent-moon', 'teddy-bear'],
  ),
  'bridge-violinist': portrait(
    'a violinist on a rainy bridge',
    ['woman-standing', 'man-standing'],
    ['violin', 'umbrella-with-rain-drops', 'cloud-with-rain'],
  ),
  'palace-gown': portrait(
    'a couture gown in a ruined palace',
    ['princess', 'woman-with-veil'],
    ['castle', 'rose', 'sparkles'],
  ),
  'silk-dress-walk': portrait(
    'a model walking in a flowing silk dress',
    ['woman-walking', 'dress'],
    ['ribbon', 'wind-face', 'sparkles'],
  ),
  samurai: portrait('a samurai in falling snow', ['ninja'], ['dagger', 'snowflake', 'japanese-castle']),
  'studio-painter': portrait(
    'a painter in her studio',
    ['woman-artist', 'artist'],
    ['artist-palette', 'paintbrush', 'framed-picture'],
  ),
  'seoul-streetwear': portrait(
    'a streetwear lookbook in Seoul',
    ['person-walking', 'man-walking'],
    ['billed-cap', 'running-shoe', 'shopping-bags'],
  ),
  'red-planet-station': sky(
    'a space station orbiting a red planet',
    ['satellite'],
    ['ringed-planet', 'star', 'rocket'],
  ),
  wormhole: scene('a wormhole opening in deep space', [], ['glowing-star', 'comet']),
  'alien-sea': place('a planet rising over an alien sea', ['ringed-planet'], ['water-wave', 'comet', 'star']),
  'floating-astronaut': sky(
    'an astronaut floating above Earth',
    ['astronaut', 'man-astronaut'],
    ['globe-showing-europe-africa', 'satellite', 'star'],
  ),
  'dawn-launch': sky('a rocket launch at dawn', ['rocket'], ['sun', 'cloud', 'fire']),
  'saturn-ship': sky(
    'a spaceship drifting past Saturn',
    ['flying-saucer'],
    ['ringed-planet', 'comet', 'star'],
  ),
} as const satisfies Record<string, SubjectDef>;

export type SubjectKey = keyof typeof SUBJECTS;

export const isSubjectKey = (key: string): key is SubjectKey => Object.hasOwn(SUBJECTS, key);

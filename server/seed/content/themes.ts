// Hand-written vocabularies the demo catalog is composed from. Each theme fits one kind of artwork
// (server/images/ renders its scene) and reads like a real marketplace listing.
import type { ArtSpec } from '../types.ts';

export interface ImageTheme {
  scene: ArtSpec['scene'];
  subjects: string[];
  settings: string[];
  tags: string[];
  palettes: string[][];
  /** The first variable: what the prompt is about (examples read naturally after "a"). */
  subjectLabel: string;
  subjectExamples: string[];
  use: string;
}

export const IMAGE_THEMES: ImageTheme[] = [
  {
    scene: 'landscape',
    subjects: [
      'Misty Alpine Lake',
      'Desert Canyon',
      'Nordic Fjord',
      'Lavender Fields',
      'Volcanic Coastline',
      'Bamboo Forest',
      'Autumn Valley',
      'Highland Moor',
      'Tuscan Hills',
      'Savanna Plain',
    ],
    settings: [
      'at Dawn',
      'at Golden Hour',
      'Under Northern Lights',
      'After the Storm',
      'in Winter Fog',
      'Under a Full Moon',
    ],
    tags: ['landscape', 'nature', 'travel', 'wallpaper', 'cinematic'],
    palettes: [
      ['#0f1c2e', '#23486b', '#6aa5c9', '#f4d6a0'],
      ['#1d1a2f', '#5b3a6e', '#d9778a', '#f7c59f'],
      ['#10261c', '#2f5d3a', '#8fb573', '#efe6c4'],
    ],
    subjectLabel: 'Landscape feature',
    subjectExamples: [
      'a lone wooden cabin',
      'an old stone bridge',
      'a red canoe on still water',
      'a herd of wild horses',
    ],
    use: 'desktop wallpapers, travel blogs and calm hero images',
  },
  {
    scene: 'city',
    subjects: [
      'Neon Tokyo Alley',
      'Art Deco Skyline',
      'Venetian Canal',
      'Cyberpunk Night Market',
      'Parisian Rooftops',
      'Brooklyn Fire Escape',
      'Hong Kong Tram Street',
      'Lisbon Tram Hill',
    ],
    settings: ['in the Rain', 'at Blue Hour', 'from Above', 'at Midnight', 'on a Foggy Morning'],
    tags: ['city', 'architecture', 'neon', 'cinematic', 'street'],
    palettes: [
      ['#0b0c1e', '#2a1b4d', '#e0398c', '#39d2e6'],
      ['#1a1410', '#4a3524', '#c98a4b', '#f3d9a6'],
      ['#101820', '#27414f', '#5e9db5', '#f2efe6'],
    ],
    subjectLabel: 'Street scene',
    subjectExamples: [
      'a street food stall',
      'an umbrella-carrying cyclist',
      'a vintage taxi',
      'a rooftop garden',
    ],
    use: 'posters, album covers and moody editorial images',
  },
  {
    scene: 'ocean',
    subjects: [
      'Stormy Lighthouse Coast',
      'Coral Reef Garden',
      'Tropical Lagoon',
      'Arctic Ice Shelf',
      'Surf Break',
      'Sea Cave Grotto',
    ],
    settings: ['at Sunrise', 'at Low Tide', 'Under Heavy Clouds', 'in Crystal Light'],
    tags: ['ocean', 'nature', 'landscape', 'travel', 'wallpaper'],
    palettes: [
      ['#04151f', '#0d3b4f', '#1f7a8c', '#bfdbf7'],
      ['#06202b', '#0f5156', '#2ec4b6', '#f2e8cf'],
    ],
    subjectLabel: 'Focal point',
    subjectExamples: [
      'a lone sailboat',
      'a breaching humpback whale',
      'an abandoned pier',
      'a surfer on a glassy wave',
    ],
    use: 'travel campaigns, wellness apps and calm backgrounds',
  },
  {
    scene: 'space',
    subjects: [
      'Ringed Gas Giant',
      'Nebula Nursery',
      'Lunar Outpost',
      'Retro Sci-Fi Paperback Cover',
      'Astronaut Adrift',
      'Binary Star Sunset',
    ],
    settings: ['in Deep Space', 'Seen from Orbit', 'in Pulp Style', 'with Cosmic Dust'],
    tags: ['space', 'sci-fi', 'fantasy', 'poster', 'wallpaper'],
    palettes: [
      ['#05050f', '#1b1446', '#6a2c91', '#f08a5d'],
      ['#020617', '#0b2545', '#13315c', '#8da9c4'],
    ],
    subjectLabel: 'Main subject',
    subjectExamples: [
      'a rusty cargo spaceship',
      'an astronaut with a golden visor',
      'a crystal moon',
      'an orbital greenhouse',
    ],
    use: 'book covers, game key art and sci-fi posters',
  },
  {
    scene: 'portrait',
    subjects: [
      'Weathered Fisherman Portrait',
      'Renaissance Noblewoman',
      'Cyberpunk Street Samurai',
      'Studio Headshot',
      'Elven Archer Portrait',
      'Jazz Singer Portrait',
      'Desert Nomad Portrait',
      'Ballet Dancer Portrait',
    ],
    settings: [
      'in Rembrandt Light',
      'with Rim Light',
      'in Film Grain',
      'on a Seamless Backdrop',
      'in Soft Window Light',
    ],
    tags: ['portrait', 'character', 'photography', 'cinematic', 'fashion'],
    palettes: [
      ['#1b1212', '#4a2c2a', '#b8735a', '#f1d3b3'],
      ['#0d1321', '#1d2d44', '#3e5c76', '#f0ebd8'],
      ['#120d1d', '#3c1f4a', '#b83b5e', '#f9d5bb'],
    ],
    subjectLabel: 'Person',
    subjectExamples: [
      'an old fisherman with a grey beard',
      'a young violinist',
      'a freckled redhead pilot',
      'a retired boxer',
    ],
    use: 'character art, book covers and profile pictures',
  },
  {
    scene: 'botanical',
    subjects: [
      'Watercolor Wildflower Bouquet',
      'Botanical Fern Study',
      'Cherry Blossom Branch',
      'Succulent Terrarium',
      'Monstera Leaf Pattern',
      'Pressed Flower Collage',
    ],
    settings: ['on Cream Paper', 'in Vintage Engraving Style', 'with Soft Shadows', 'as a Seamless Pattern'],
    tags: ['botanical', 'watercolor', 'pattern', 'illustration', 'wedding'],
    palettes: [
      ['#1f2d1b', '#4f772d', '#90a955', '#ecf39e'],
      ['#2b1d22', '#7d4e57', '#d4a5a5', '#fff1e6'],
    ],
    subjectLabel: 'Plant',
    subjectExamples: ['a peony', 'an eucalyptus sprig', 'a lemon branch', 'a bundle of lavender'],
    use: 'wedding stationery, packaging and wall art',
  },
  {
    scene: 'geometric',
    subjects: [
      'Bauhaus Concert Poster',
      'Minimal Logo Mark',
      'Swiss Style Poster',
      'Isometric App Icon Set',
      'Memphis Pattern',
      'Flat Vector Mascot',
    ],
    settings: ['in Primary Colors', 'on an Off-White Ground', 'with Bold Typography', 'in Two Tones'],
    tags: ['logo', 'poster', 'minimal', 'vector', 'branding'],
    palettes: [
      ['#111111', '#e63946', '#f1c40f', '#1d70b8'],
      ['#22223b', '#4a4e69', '#c9ada7', '#f2e9e4'],
    ],
    subjectLabel: 'Brand or event',
    subjectExamples: ['a coffee roastery', 'an indie music festival', 'a bike repair shop', 'a climbing gym'],
    use: 'logos, event posters and brand explorations',
  },
  {
    scene: 'interior',
    subjects: [
      'Isometric Cozy Bedroom Diorama',
      'Scandinavian Living Room',
      'Japandi Kitchen',
      'Product Shot on Marble Pedestal',
      'Sunlit Reading Nook',
      'Boutique Hotel Lobby',
    ],
    settings: ['in Morning Light', 'in Miniature', 'in Warm Evening Light', 'in Soft Clay Render'],
    tags: ['interior', 'architecture', '3d', 'product', 'isometric'],
    palettes: [
      ['#2d2424', '#5c3d2e', '#b85c38', '#e0c097'],
      ['#1c1c1c', '#4e4e50', '#c3b091', '#f5f0e1'],
    ],
    subjectLabel: 'Featured object',
    subjectExamples: [
      'a ceramic vase',
      'a record player',
      'an amber glass perfume bottle',
      'a velvet armchair',
    ],
    use: 'product listings, real-estate mood boards and 3D icons',
  },
  {
    scene: 'creature',
    subjects: [
      'Baby Dragon Hatchling',
      'Fox Spirit in Snow',
      'Steampunk Owl',
      'Axolotl Mascot',
      'Forest Guardian Stag',
      'Koi Dragon',
    ],
    settings: ['in Storybook Style', 'in Ghibli-Inspired Light', 'as a Sticker', 'in Ink and Wash'],
    tags: ['fantasy', 'character', 'animal', 'illustration', 'anime'],
    palettes: [
      ['#1a1423', '#372549', '#774c60', '#eacdc2'],
      ['#0b132b', '#1c2541', '#3a506b', '#5bc0be'],
    ],
    subjectLabel: 'Creature',
    subjectExamples: [
      'a sleepy red panda',
      'an armored hedgehog knight',
      'a glowing jellyfish',
      'a tiny moss golem',
    ],
    use: "children's books, stickers and game characters",
  },
  {
    scene: 'abstract',
    subjects: [
      'Liquid Chrome Waves',
      'Fluid Gradient Wallpaper',
      'Holographic Glass Shapes',
      'Marbled Ink Swirl',
      'Soft Grain Aura',
    ],
    settings: ['in Pastel Tones', 'in Iridescent Light', 'in Deep Jewel Tones', 'with Film Grain'],
    tags: ['abstract', 'wallpaper', 'gradient', '3d', 'background'],
    palettes: [
      ['#10002b', '#5a189a', '#e0aaff', '#ffd6ff'],
      ['#03045e', '#0077b6', '#00b4d8', '#caf0f8'],
      ['#3d0c02', '#c1440e', '#f4a259', '#f7ede2'],
    ],
    subjectLabel: 'Shape or material',
    subjectExamples: [
      'a molten glass ribbon',
      'an iridescent soap bubble',
      'a folded silk sheet',
      'a cluster of pearls',
    ],
    use: 'backgrounds, slides and social media templates',
  },
];

export const STYLES = [
  'photorealistic',
  'cinematic film still',
  'matte painting',
  'watercolor illustration',
  'oil painting',
  'isometric 3D render',
  'studio photograph',
  'anime key visual',
  'vintage travel poster',
  'editorial photograph',
];
export const LIGHTING = [
  'soft volumetric light',
  'dramatic rim light',
  'golden hour glow',
  'overcast diffuse light',
  'neon reflections',
  'candlelit warmth',
  'crisp morning light',
];
export const LENSES = ['35mm lens', '85mm lens, f/1.8', 'wide-angle 24mm', 'tilt-shift', 'macro lens'];
export const MOODS = ['serene', 'moody', 'whimsical', 'epic', 'nostalgic', 'dreamy', 'bold'];
export const CAMERA_MOVES = [
  'a slow dolly-in',
  'a gentle orbit',
  'a rising crane shot',
  'a handheld tracking shot',
  'a slow push past the foreground',
];

export interface TextTheme {
  title: string;
  tags: string[];
  template: string;
  variables: { label: string; example: string }[];
  description: string;
}

/** ChatGPT prompts: text generation, kind "2". */
export const TEXT_THEMES: TextTheme[] = [
  {
    title: 'SEO Blog Post Outline',
    tags: ['seo', 'writing', 'marketing', 'blog'],
    template:
      'You are an experienced SEO editor. Create a detailed outline for a 1,500-word blog post about [Variable 1] for [Variable 2]. Include a compelling H1, 6-8 H2 sections with H3 subpoints, a meta description under 155 characters, five long-tail keywords and a closing call to action.',
    variables: [
      { label: 'Topic', example: 'a beginner guide to sourdough baking' },
      { label: 'Audience', example: 'busy parents' },
    ],
    description: 'Turns a topic into a search-friendly outline your writers can follow. Works for any niche.',
  },
  {
    title: 'Product Description Writer',
    tags: ['ecommerce', 'writing', 'marketing', 'product'],
    template:
      'Write three product descriptions for [Variable 1], aimed at [Variable 2]. Each should be under 120 words, open with a benefit, mention [Variable 3] and end with a gentle call to action. Vary the tone: playful, premium and practical.',
    variables: [
      { label: 'Product', example: 'a hand-thrown ceramic mug' },
      { label: 'Customer', example: 'remote workers who love coffee' },
      { label: 'Key feature', example: 'a dishwasher-safe glaze' },
    ],
    description: 'Three ready-to-paste descriptions in different tones for any shop listing.',
  },
  {
    title: 'Cold Email Sequence',
    tags: ['email', 'sales', 'marketing', 'writing'],
    template:
      'Draft a four-email outreach sequence selling [Variable 1] to [Variable 2]. Keep each email under 90 words, personalise the first line, add one proof point per email, and space them over 12 days. Give subject lines under 6 words.',
    variables: [
      { label: 'Offer', example: 'a bookkeeping service' },
      { label: 'Prospect', example: 'owners of small design studios' },
    ],
    description: 'A short, polite outreach sequence with subject lines and timing.',
  },
  {
    title: 'Instagram Caption Pack',
    tags: ['social', 'marketing', 'writing', 'instagram'],
    template:
      'Write ten Instagram captions for [Variable 1] in a [Variable 2] voice. Mix questions, short stories and tips; keep each under 150 characters and suggest three hashtags per caption.',
    variables: [
      { label: 'Brand', example: 'a neighbourhood plant shop' },
      { label: 'Voice', example: 'warm and witty' },
    ],
    description: 'A month of captions in your brand voice, with hashtags.',
  },
  {
    title: 'YouTube Script Hook',
    tags: ['video', 'youtube', 'writing', 'social'],
    template:
      'Write five alternative 15-second opening hooks for a YouTube video about [Variable 1]. The channel speaks to [Variable 2]. Each hook should open a curiosity gap in the first sentence and promise a concrete payoff.',
    variables: [
      { label: 'Video topic', example: 'fixing a squeaky bike chain' },
      { label: 'Audience', example: 'weekend cyclists' },
    ],
    description: 'Stronger first seconds for your next video, five ways.',
  },
  {
    title: 'Brand Voice Guide',
    tags: ['branding', 'writing', 'marketing'],
    template:
      'Create a one-page brand voice guide for [Variable 1]. Describe the voice in three adjectives, list do and do-not examples, give sample sentences for a welcome email, an error message and a tweet, and explain how the voice changes for [Variable 2].',
    variables: [
      { label: 'Brand', example: 'an outdoor gear rental start-up' },
      { label: 'Situation', example: 'customer complaints' },
    ],
    description: 'A practical voice guide your whole team can write with.',
  },
  {
    title: 'Midjourney Prompt Generator',
    tags: ['prompt-engineering', 'midjourney', 'writing'],
    template:
      'Act as a Midjourney prompt engineer. Write eight varied prompts for [Variable 1] in the style of [Variable 2]. Vary composition, lens and lighting, and end each with suitable parameters such as --ar and --stylize.',
    variables: [
      { label: 'Subject', example: 'a lighthouse keeper' },
      { label: 'Style', example: 'Art Nouveau posters' },
    ],
    description: 'Let ChatGPT brainstorm image prompts for you, ready for Midjourney.',
  },
  {
    title: 'Recipe Card Writer',
    tags: ['food', 'writing', 'blog'],
    template:
      'Write a recipe card for [Variable 1] that serves [Variable 2]. Include a one-line story, ingredients in metric and US units, numbered steps, total time, and two variations.',
    variables: [
      { label: 'Dish', example: 'a smoky black bean chili' },
      { label: 'Servings', example: 'four people' },
    ],
    description: 'Clean, consistent recipe cards for food blogs and menus.',
  },
  {
    title: 'Job Description Writer',
    tags: ['hr', 'writing', 'business'],
    template:
      'Write an inclusive job description for a [Variable 1] at [Variable 2]. Include a short mission paragraph, 5 responsibilities, must-have and nice-to-have skills, salary range placeholder and how to apply.',
    variables: [
      { label: 'Role', example: 'junior product designer' },
      { label: 'Company', example: 'a 30-person climate tech company' },
    ],
    description: 'Clear, inclusive job ads that attract the right applicants.',
  },
  {
    title: 'Landing Page Copy',
    tags: ['marketing', 'copywriting', 'saas', 'writing'],
    template:
      'Write landing page copy for [Variable 1], whose main benefit is [Variable 2]. Give a headline, subheadline, three feature blocks, a testimonial placeholder, an FAQ with four questions and two call-to-action variants.',
    variables: [
      { label: 'Product', example: 'a habit-tracking app' },
      { label: 'Main benefit', example: 'building routines in five minutes a day' },
    ],
    description: 'A complete landing page draft you can drop into any builder.',
  },
  {
    title: 'Customer Support Macro Set',
    tags: ['support', 'writing', 'business', 'email'],
    template:
      'Write six friendly customer support replies for [Variable 1]: a delayed order, a refund request, a damaged item, a password reset, a feature request and a cancellation. Keep them under 80 words and sign off as [Variable 2].',
    variables: [
      { label: 'Business', example: 'an online tea shop' },
      { label: 'Sign-off', example: 'the Leaf & Kettle team' },
    ],
    description: 'Ready-made replies that keep your support inbox kind and quick.',
  },
  {
    title: 'Children’s Bedtime Story',
    tags: ['story', 'writing', 'kids'],
    template:
      'Write a 600-word bedtime story about a [Variable 1] who learns about [Variable 2]. Use gentle repetition, a calm ending and simple words for ages 4-7. Suggest three illustration moments.',
    variables: [
      { label: 'Hero', example: 'a shy little lighthouse' },
      { label: 'Lesson', example: 'asking friends for help' },
    ],
    description: 'Soothing stories with illustration cues, ready for an evening read.',
  },
];

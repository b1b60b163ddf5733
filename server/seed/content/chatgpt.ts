// ChatGPT prompts (generator 3, kind "2"): text-generation prompts with a role, a task, constraints and
// an output format. Each family has a template and a list of angles (title plus example values).
import { buildFlexible, rot, sentences, subject, type Rng, type Scene } from './lib.ts';
import type { PaletteName } from './palettes.ts';
import type { Recipe } from './recipe.ts';
import { usageTip } from './vocab.ts';

interface Angle {
  title: string;
  /** examples in variable order */
  ex: string[];
  scene?: Scene;
  palette?: PaletteName;
}

interface TextFamily {
  key: string;
  count: number;
  labels: string[];
  /** template with {1}..{k}; `lead` is the article to write before {1} ("a ", "an " or "") */
  template: (lead: string) => string;
  /** the fewest variables to keep (the rest get their example written into the text) */
  minKeep?: number;
  /** extra instructions, one per prompt in rotation, inserted after the first line */
  extras: string[];
  tags: string[];
  extraTags: string[];
  scene: Scene;
  palettes: PaletteName[];
  what: (a: Angle) => string[];
  detail: string[];
  angles: Angle[];
}

/** General instructions, rotated with a different period than the family extras. */
const GENERAL = [
  'If anything important is missing, ask me up to 3 short questions before you start.',
  'Do not explain your choices unless I ask; just deliver the result.',
];

function recipe(f: TextFamily): Recipe {
  return {
    key: f.key,
    generator: 3,
    count: f.count,
    subjects: f.angles.map((a) => a.title),
    make: (s, r: Rng, i) => {
      const a = f.angles.find((x) => x.title === s.text) ?? (f.angles[0] as Angle);
      const lead = subject(a.ex[0] ?? '').lead;
      const [first = '', ...rest] = f.template(lead).split('\n');
      const text = [first, `${rot(f.extras, i)} ${rot(GENERAL, i)}`, ...rest].join('\n');
      const t = buildFlexible(
        r,
        text,
        f.labels.map((label, i) => [label, a.ex[i] ?? ''] as const),
        f.minKeep ?? 2,
      );
      return {
        title: a.title,
        ...t,
        tags: [...f.tags, ...r.sample(f.extraTags, r.int(1, 2))],
        scene: a.scene ?? f.scene,
        palette: a.palette ?? r.pick(f.palettes),
        description: sentences(r.pick(f.what(a)), r.pick(f.detail), usageTip(r, 3, t.variables)),
      };
    },
  };
}

const productDescription = recipe({
  key: 'gpt-product-description',
  extras: [
    'Write for someone skimming on a phone: short sentences, concrete details, no filler.',
    'Mention one sensory detail (texture, scent, sound or weight) so the product feels real.',
    'Add an SEO-friendly product title under 70 characters before the description.',
  ],
  count: 4,
  labels: ['Product', 'Target customer', 'Tone', 'Key features'],
  template: (lead) =>
    `You are a senior e-commerce copywriter. Write a product description for ${lead}{1} aimed at {2}.\n` +
    `Tone: {3}.\n` +
    `Include: a one-line hook, a short paragraph on how it feels to use, 4 benefit-led bullet points built from these features: {4}, ` +
    `and a closing line that nudges the reader to add it to the cart.\n` +
    `Keep it under 180 words, avoid clichés like "elevate" and "game-changer", and write in plain English.`,
  minKeep: 3,
  tags: ['copywriting', 'ecommerce', 'product'],
  extraTags: ['marketing', 'seo', 'sales'],
  scene: 'geometric',
  palettes: ['pastel', 'earth', 'citrus'],
  what: (a) => [
    `Writes conversion-focused product copy for ${a.ex[0]}, aimed at ${a.ex[1]}`,
    `Turns a list of features into a persuasive product page for ${a.ex[0]}`,
  ],
  detail: [
    'You get a hook, benefit bullets and a closing nudge in a consistent structure, with the usual marketing clichés banned',
    'The word limit and structure keep every listing in your shop consistent',
  ],
  angles: [
    {
      title: 'Shopify Product Description for Handmade Candles',
      ex: [
        'a hand-poured soy candle scented with fig and cedar',
        'gift shoppers aged 25 to 45',
        'warm and a little playful',
        'coconut-soy wax, 50-hour burn time, cotton wick, reusable glass jar',
      ],
    },
    {
      title: 'Amazon Listing Copy for Kitchen Gadgets',
      ex: [
        'a stainless steel garlic press',
        'busy home cooks',
        'clear and practical',
        'dishwasher safe, no-peel design, lifetime warranty',
      ],
    },
    {
      title: 'Etsy Listing Description for Vintage Jewelry',
      ex: [
        'a 1960s gold-plated brooch',
        'vintage collectors and gift buyers',
        'romantic and descriptive',
        'original clasp, light patina, 4 cm wide, gift box included',
      ],
    },
    {
      title: 'Product Description for Eco-Friendly Skincare',
      ex: [
        'a refillable vitamin C serum',
        'conscious beauty shoppers',
        'calm and trustworthy',
        'vegan formula, 15% vitamin C, aluminium refill pouch',
      ],
    },
    {
      title: 'Product Copy for Outdoor Gear Stores',
      ex: [
        'an ultralight two-person tent',
        'weekend backpackers',
        'adventurous but factual',
        '1.2 kg, pitches in 3 minutes, 3000 mm waterproof rating',
      ],
    },
  ],
});

const seoOutline = recipe({
  key: 'gpt-seo-outline',
  extras: [
    'Base the outline on what currently ranks, but add one section that none of the top results cover.',
    'Mark which sections need original data, screenshots or expert quotes.',
    'Keep the tone helpful and specific; no keyword stuffing.',
  ],
  count: 5,
  labels: ['Primary keyword', 'Audience', 'Search intent', 'Word count'],
  template: () =>
    `Act as an SEO content strategist. Create a detailed outline for a blog post targeting the keyword "{1}" for {2}.\n` +
    `1. Suggest 5 title options under 60 characters that include the keyword.\n` +
    `2. Write a meta description under 155 characters.\n` +
    `3. Build an H2/H3 outline that matches {3} search intent, with a note under each heading on what to cover.\n` +
    `4. List 8 related keywords and "People also ask" questions to weave in naturally.\n` +
    `5. Suggest 3 internal link ideas and one original angle that competitors miss.\n` +
    `Aim for an article of about {4} words.`,
  tags: ['seo', 'blogging', 'content'],
  extraTags: ['marketing', 'copywriting'],
  scene: 'geometric',
  palettes: ['teal', 'mint', 'bauhaus'],
  what: (a) => [
    `Builds a complete SEO brief for the keyword "${a.ex[0]}": titles, meta description, headings and related questions`,
    `Plans a search-optimised blog post around "${a.ex[0]}" for ${a.ex[1]}`,
  ],
  detail: [
    'The outline follows search intent, so the article answers what people actually look for',
    'Hand the result to a writer, or ask ChatGPT to draft each section in turn',
  ],
  angles: [
    {
      title: 'SEO Blog Outline for Local Bakeries',
      ex: ['sourdough bread for beginners', 'home bakers in the UK', 'informational', '1,800'],
    },
    {
      title: 'SEO Blog Outline for SaaS Startups',
      ex: ['project management software for small teams', 'founders and team leads', 'commercial', '2,200'],
    },
    {
      title: 'SEO Article Plan for Dentists',
      ex: ['how to stop teeth grinding', 'adults with jaw pain', 'informational', '1,500'],
    },
    {
      title: 'SEO Content Brief for Real Estate Agents',
      ex: ['moving to Austin, Texas', 'families relocating for work', 'informational', '2,000'],
    },
    {
      title: 'SEO Outline for Fitness Coaches',
      ex: ['strength training for women over 40', 'beginners who train at home', 'informational', '1,600'],
    },
    {
      title: 'SEO Blog Brief for Pet Groomers',
      ex: ['how often to groom a doodle', 'first-time dog owners', 'informational', '1,200'],
    },
  ],
});

const newsletter = recipe({
  key: 'gpt-newsletter',
  extras: [
    'Open with something personal or seasonal rather than "We are excited to announce".',
    'Keep the whole email under 300 words.',
    'Add a P.S. line with a small bonus or tip, because P.S. lines get read.',
  ],
  count: 4,
  labels: ['Business', "This month's news", 'Readers', 'Call to action'],
  template: (lead) =>
    `Write a friendly email newsletter for ${lead}{1}. This month's news: {2}. Readers are {3}.\n` +
    `Structure: a subject line plus two alternatives for A/B testing, a preview text under 90 characters, a warm 2-sentence opening, ` +
    `3 short sections with bold mini-headlines, and one clear call to action: {4}.\n` +
    `Keep paragraphs to 2 or 3 sentences, use "you" more than "we", and end with a short personal sign-off.`,
  tags: ['email', 'newsletter', 'marketing'],
  extraTags: ['copywriting', 'small-business'],
  scene: 'abstract',
  palettes: ['pastel', 'mint', 'lavender'],
  what: (a) => [
    `Drafts a warm, readable monthly newsletter for ${a.ex[0]}, built around ${a.ex[1]}`,
    `Writes an email newsletter with A/B subject lines for ${a.ex[0]}`,
  ],
  detail: [
    'Short sections and one clear call to action keep open and click rates healthy',
    'Subject line alternatives are included so you can A/B test straight away',
  ],
  angles: [
    {
      title: 'Monthly Newsletter for Independent Bookshops',
      ex: [
        'an independent bookshop in Bristol',
        'a signed-author evening and the autumn reading list',
        'local book lovers',
        'reserve a seat for the author evening',
      ],
    },
    {
      title: 'Email Newsletter for Yoga Studios',
      ex: [
        'a small yoga studio',
        'a new beginners course and updated class times',
        'busy professionals new to yoga',
        'book a free trial class',
      ],
    },
    {
      title: 'Newsletter Template for Craft Breweries',
      ex: [
        'a craft brewery and taproom',
        'a seasonal pumpkin ale and quiz nights',
        'regulars and local beer fans',
        'join Thursday quiz night',
      ],
    },
    {
      title: 'Customer Newsletter for Online Course Creators',
      ex: [
        'an online photography course',
        'two new lessons on night photography',
        'hobby photographers',
        'watch the first new lesson',
      ],
    },
    {
      title: 'Seasonal Newsletter for Plant Shops',
      ex: [
        'a houseplant shop',
        'winter plant care tips',
        'new plant parents',
        'shop the low-light collection',
      ],
    },
  ],
});

const coldEmail = recipe({
  key: 'gpt-cold-email',
  extras: [
    'Personalise the first line with a placeholder like {{company}} or {{recent_post}}.',
    'Write like a human peer, not a marketer: no buzzwords, no exclamation marks.',
    'Give each email a one-line rationale explaining why it should work.',
  ],
  count: 4,
  labels: ['Your offer', 'Prospect', 'Pain point', 'Proof'],
  template: (lead) =>
    `You are a B2B sales copywriter. Write a 3-email cold outreach sequence selling ${lead}{1} to {2}.\n` +
    `Their main pain point: {3}.\n` +
    `Proof we can use: {4}.\n` +
    `Rules: each email under 120 words, one idea per email, a specific subject line in lower case, no fake urgency, and a soft call ` +
    `to action (a question, not a meeting link). Email 2 goes out 3 days later and adds a short case study; email 3 is a polite ` +
    `break-up email a week after that.`,
  minKeep: 3,
  tags: ['email', 'sales', 'b2b'],
  extraTags: ['copywriting', 'marketing', 'business'],
  scene: 'geometric',
  palettes: ['bauhaus', 'storm', 'teal'],
  what: (a) => [
    `Writes a polite, specific 3-step cold email sequence selling ${a.ex[0]} to ${a.ex[1]}`,
    `A complete outbound sequence for ${a.ex[1]}, with a case-study follow-up and a break-up email`,
  ],
  detail: [
    'The rules ban fake urgency and meeting links in the first email, which keeps reply rates up and spam complaints down',
    'Each email stays under 120 words and focuses on one idea',
  ],
  angles: [
    {
      title: 'Cold Email Sequence for SaaS Startups',
      ex: [
        'an automated invoicing tool',
        'finance managers at 50 to 200 person companies',
        'chasing late payments by hand every month',
        'customers cut overdue invoices by 38% in three months',
      ],
    },
    {
      title: 'Cold Outreach Emails for Web Design Agencies',
      ex: [
        'a website redesign package',
        'owners of dental practices',
        'an outdated site that brings in no bookings',
        'a recent client doubled online bookings',
      ],
    },
    {
      title: 'B2B Cold Emails for Recruiting Firms',
      ex: [
        'a specialist hiring service for data engineers',
        'CTOs at Series A startups',
        'roles that stay open for months',
        'an average time-to-hire of 24 days',
      ],
    },
    {
      title: 'Cold Email Sequence for Marketing Consultants',
      ex: [
        'a 90-day LinkedIn growth program',
        'founders of B2B service firms',
        'posting every week without getting leads',
        'clients average 12 inbound leads a month',
      ],
    },
    {
      title: 'Outreach Emails for Commercial Cleaning Companies',
      ex: [
        'an office cleaning contract',
        'office managers',
        'unreliable cleaners who miss shifts',
        'a 99% on-time record across 40 offices',
      ],
    },
  ],
});

const instagram = recipe({
  key: 'gpt-instagram',
  extras: [
    'Start each caption with a strong first line, since only that shows before "more".',
    'Vary the length so the feed does not look repetitive.',
    'Suggest a matching image idea in brackets under each caption.',
  ],
  count: 4,
  labels: ['Brand', 'Post topic', 'Brand voice', 'Hashtags per caption'],
  template: (lead) =>
    `Write 10 Instagram captions for ${lead}{1} about {2}.\n` +
    `Brand voice: {3}.\n` +
    `Mix the formats: 3 short punchy lines, 3 mini-stories of 3 or 4 sentences, 2 questions that invite comments, and 2 captions with ` +
    `a clear call to action. Use at most 2 emojis per caption and finish each one with {4} relevant hashtags, mixing broad and niche tags.`,
  tags: ['social-media', 'instagram', 'marketing'],
  extraTags: ['copywriting', 'small-business'],
  scene: 'botanical',
  palettes: ['sakura', 'candy', 'citrus', 'pastel'],
  what: (a) => [
    `Ten ready-to-post Instagram captions for ${a.ex[0]} about ${a.ex[1]}, in four different formats`,
    `Fills a week or two of Instagram posts for ${a.ex[0]} with varied, on-brand captions`,
  ],
  detail: [
    'Mixing stories, questions and calls to action keeps the feed from sounding repetitive',
    'Hashtags are balanced between broad and niche so posts reach new people without looking spammy',
  ],
  angles: [
    {
      title: 'Instagram Caption Pack for Yoga Studios',
      ex: ['a yoga studio', 'the new sunrise flow class', 'calm, warm and encouraging', '5'],
    },
    {
      title: 'Instagram Captions for Coffee Shops',
      ex: ['a specialty coffee shop', 'a new single-origin coffee from Ethiopia', 'witty and friendly', '6'],
    },
    {
      title: 'Instagram Captions for Wedding Photographers',
      ex: ['a wedding photographer', 'an elopement in the Scottish Highlands', 'romantic and heartfelt', '8'],
    },
    {
      title: 'Instagram Caption Pack for Skincare Brands',
      ex: ['a clean skincare brand', 'a winter hydration routine', 'expert but approachable', '5'],
    },
    {
      title: 'Instagram Captions for Bakeries',
      ex: ['a neighbourhood bakery', 'the weekend croissant drop', 'cheerful and cosy', '6'],
    },
  ],
});

const adCopy = recipe({
  key: 'gpt-ad-copy',
  extras: [
    'Avoid anything a platform reviewer could reject: no exaggerated claims, no personal attributes.',
    'Write at least one variation that uses a specific number.',
    'End with a short note on which variation you would test first and why.',
  ],
  count: 4,
  labels: ['Product', 'Audience', 'Platform', 'Offer'],
  template: (lead) =>
    `Act as a performance marketer. Write ad copy for ${lead}{1}, targeting {2} on {3}.\n` +
    `Give me 5 variations, each with a headline (max 40 characters), primary text (max 125 characters) and a call-to-action button ` +
    `label. Use a different angle for each: pain point, social proof, curiosity, urgency built on {4}, and benefit first. Label each ` +
    `angle and keep every claim believable.`,
  tags: ['advertising', 'marketing', 'copywriting'],
  extraTags: ['social-media', 'sales', 'ppc'],
  scene: 'geometric',
  palettes: ['bauhaus', 'candy', 'citrus'],
  what: (a) => [
    `Five ad variations for ${a.ex[0]} on ${a.ex[2]}, each testing a different persuasion angle`,
    `Writes ready-to-test ${a.ex[2]} ads for ${a.ex[0]} within the platform's character limits`,
  ],
  detail: [
    'Every variation is labelled with its angle, so you can see which message wins in your A/B test',
    'Character limits are built in, so the copy fits without trimming',
  ],
  angles: [
    {
      title: 'Facebook Ad Copy for Online Courses',
      ex: [
        'an online Excel course',
        'office workers who want a promotion',
        'Facebook and Instagram',
        '30% off until Sunday',
      ],
    },
    {
      title: 'Google Ads Copy for Local Plumbers',
      ex: [
        'an emergency plumbing service',
        'homeowners in Leeds',
        'Google Search',
        'no call-out fee this week',
      ],
    },
    {
      title: 'Ad Copy Variations for Mobile Apps',
      ex: ['a habit-tracking app', 'university students', 'Instagram Stories', 'a free 14-day trial'],
    },
    {
      title: 'Google Ads Copy for Dental Clinics',
      ex: [
        'a teeth whitening treatment',
        'adults in Manchester',
        'Google Search',
        'a free first consultation',
      ],
    },
    {
      title: 'Facebook Ads for Meal Kit Brands',
      ex: [
        'a vegetarian meal kit',
        'young couples who cook at home',
        'Facebook',
        'half price on the first box',
      ],
    },
  ],
});

const youtube = recipe({
  key: 'gpt-youtube',
  extras: [
    'Write it to be spoken: short sentences and natural pauses marked with (beat).',
    'Add B-roll suggestions in italics between the spoken lines.',
    'Include one moment of personality or humour that fits the channel.',
  ],
  count: 4,
  labels: ['Video topic', 'Channel', 'Length', 'Style'],
  template: () =>
    `Write a YouTube video script about {1} for {2}.\n` +
    `Target length: {3}.\n` +
    `Start with a hook in the first 15 seconds that promises a clear payoff, then a quick intro, 3 to 5 main sections with on-screen ` +
    `text ideas in [brackets], a natural reminder to subscribe halfway through, and an ending that teases the next video.\n` +
    `Style: {4}. Also suggest 3 titles under 60 characters and one thumbnail idea.`,
  tags: ['youtube', 'video', 'script'],
  extraTags: ['content', 'storytelling'],
  scene: 'city',
  palettes: ['neon', 'ember', 'cyberpunk'],
  what: (a) => [
    `A full YouTube script about ${a.ex[0]}, with hook, sections, on-screen text and an outro`,
    `Scripts a ${a.ex[2]} video on ${a.ex[0]} for ${a.ex[1]}`,
  ],
  detail: [
    'The 15-second hook and the teaser at the end are written to improve retention',
    'Title and thumbnail ideas come with it, so the whole upload is planned in one go',
  ],
  angles: [
    {
      title: 'YouTube Script for Cooking Channels',
      ex: [
        '5 weeknight pasta recipes under 20 minutes',
        'a home cooking channel',
        '8 minutes',
        'upbeat and practical',
      ],
      scene: 'botanical',
    },
    {
      title: 'YouTube Script for Tech Reviewers',
      ex: [
        'a budget mechanical keyboard review',
        'a tech channel for students',
        '10 minutes',
        'honest and a bit nerdy',
      ],
    },
    {
      title: 'YouTube Script for Travel Vloggers',
      ex: ['3 days in Lisbon on a budget', 'a budget travel channel', '12 minutes', 'relaxed storytelling'],
    },
    {
      title: 'YouTube Script for Personal Finance Channels',
      ex: ['how to build an emergency fund', 'viewers in their twenties', '9 minutes', 'calm and reassuring'],
    },
    {
      title: 'YouTube Shorts Script for Fitness Coaches',
      ex: ['a 60-second core workout', 'a home fitness channel', '60 seconds', 'energetic and direct'],
    },
  ],
});

const landingPage = recipe({
  key: 'gpt-landing-page',
  extras: [
    "Use the reader's words, not industry jargon, and keep each paragraph under 3 lines.",
    'Suggest where a product screenshot or short demo video should go.',
    'Make every call-to-action button say what happens next, for example "Start my free trial".',
  ],
  count: 4,
  labels: ['Product', 'Audience', 'Main benefit', 'Objections'],
  template: (lead) =>
    `You are a conversion copywriter. Write landing page copy for ${lead}{1}, for {2}.\n` +
    `Sections: a hero headline and subheadline focused on {3}; three benefit blocks with short titles; a "how it works" section in ` +
    `3 steps; two testimonial placeholders; an FAQ that answers these objections: {4}; and a final call to action.\n` +
    `Write at a 7th-grade reading level and give two alternative hero headlines.`,
  minKeep: 3,
  tags: ['copywriting', 'conversion', 'marketing'],
  extraTags: ['startup', 'web-design'],
  scene: 'abstract',
  palettes: ['cosmic', 'lavender', 'teal'],
  what: (a) => [
    `Writes a complete landing page for ${a.ex[0]}, from hero headline to FAQ`,
    `Conversion-focused landing page copy for ${a.ex[0]} that answers real objections`,
  ],
  detail: [
    'Objections are handled in the FAQ instead of being ignored, which is where most pages lose buyers',
    'The simple reading level keeps the page skimmable on mobile',
  ],
  angles: [
    {
      title: 'Landing Page Copy for SaaS Products',
      ex: [
        'a scheduling app for hair salons',
        'salon owners',
        'fewer no-shows',
        'price, switching effort and data safety',
      ],
    },
    {
      title: 'Landing Page Copy for Online Coaches',
      ex: [
        'a 12-week running program',
        'beginners training for their first 10K',
        'running without injuries',
        'time commitment, fitness level and refunds',
      ],
    },
    {
      title: 'Landing Page Copy for Mobile Apps',
      ex: [
        'a meal planning app',
        'busy parents',
        'less time deciding what to cook',
        'picky kids, cost and dietary needs',
      ],
    },
    {
      title: 'Waitlist Page Copy for Startups',
      ex: [
        'an AI bookkeeping assistant',
        'freelancers',
        'tax-ready books without the effort',
        'accuracy, privacy and price',
      ],
    },
    {
      title: 'Webinar Registration Page Copy',
      ex: [
        'a free webinar on pricing your services',
        'freelance designers',
        'charging what you are worth',
        'time, replay availability and sales pitches',
      ],
    },
  ],
});

const jobDescription = recipe({
  key: 'gpt-job-description',
  extras: [
    'Say clearly what the salary range and working hours are, with placeholders if unknown.',
    'Describe the team and who the person reports to in one or two sentences.',
    'Keep the must-haves truly essential so good candidates are not put off.',
  ],
  count: 3,
  labels: ['Role', 'Company', 'Must-have skills', 'What we offer'],
  template: (lead) =>
    `Write an inclusive job description for ${lead}{1} at {2}.\n` +
    `Include a 2-sentence pitch for the role, what they will do in the first 90 days, 5 must-have skills ({3}), 3 nice-to-haves, ` +
    `and what we offer ({4}).\n` +
    `Avoid jargon and gendered language, keep it under 400 words, and end with a simple "how to apply" paragraph.`,
  minKeep: 2,
  tags: ['hr', 'hiring', 'business'],
  extraTags: ['writing', 'career'],
  scene: 'interior',
  palettes: ['earth', 'mint', 'golden'],
  what: (a) => [
    `Writes a clear, inclusive job ad for ${a.ex[0]} at ${a.ex[1]}`,
    `A hiring-ready job description for ${a.ex[0]}, with a 90-day plan and honest requirements`,
  ],
  detail: [
    'The 90-day section helps candidates picture the job, which attracts better applicants',
    'Gendered words and jargon are ruled out, so the ad reaches a wider pool',
  ],
  angles: [
    {
      title: 'Job Description for Startup Product Designers',
      ex: [
        'a senior product designer',
        'a 30-person fintech startup',
        'Figma, user research, design systems, prototyping, clear communication',
        'remote-first work, a learning budget, 30 days of holiday',
      ],
    },
    {
      title: 'Job Posting for Restaurant Line Cooks',
      ex: [
        'a line cook',
        'a busy neighbourhood bistro',
        'knife skills, food safety, speed under pressure, teamwork, reliability',
        'staff meals, fair tips, a four-day week',
      ],
    },
    {
      title: 'Job Description for Remote Customer Success Managers',
      ex: [
        'a customer success manager',
        'a B2B software company',
        'onboarding, renewals, CRM tools, empathy, written English',
        'home office budget, health insurance, flexible hours',
      ],
    },
    {
      title: 'Job Ad for Warehouse Team Leads',
      ex: [
        'a warehouse team lead',
        'a growing online retailer',
        'people management, stock systems, safety, planning, problem solving',
        'overtime pay, a pension plan, a clear promotion path',
      ],
    },
  ],
});

const resume = recipe({
  key: 'gpt-resume',
  extras: [
    'Keep the bullets ATS-friendly: no tables, no icons, standard section names.',
    'Translate any jargon from my old field into terms the new field uses.',
    'Start each bullet with a different verb.',
  ],
  count: 3,
  labels: ['Target role', 'My experience', 'Results I can prove'],
  template: (lead) =>
    `Act as a career coach and professional resume writer. Rewrite my experience as 6 achievement-focused resume bullet points for ` +
    `${lead}{1} role.\n` +
    `My experience: {2}.\n` +
    `Results I can prove: {3}.\n` +
    `Use strong action verbs, add numbers only where they are honest, keep each bullet under 25 words, and match the keywords a ` +
    `recruiter for this role would search for. Then write a 3-sentence professional summary.`,
  tags: ['career', 'resume', 'writing'],
  extraTags: ['productivity', 'hr'],
  scene: 'interior',
  palettes: ['coffee', 'storm', 'earth'],
  what: (a) => [
    `Turns a plain work history into strong resume bullets for ${a.ex[0]} role`,
    `Rewrites your experience into achievement-focused bullet points and a summary for ${a.ex[0]} role`,
  ],
  detail: [
    'Bullets follow the action-result pattern recruiters skim for',
    'It asks only for results you can prove, so the resume stays honest in interviews',
  ],
  angles: [
    {
      title: 'Resume Bullet Points for Career Changers',
      ex: [
        'a junior UX designer',
        'six years as a primary school teacher and a UX bootcamp',
        'redesigned the school website and ran parent surveys with 300 replies',
      ],
    },
    {
      title: 'Resume Rewrite for Software Engineers',
      ex: [
        'a backend engineer',
        'four years building Python APIs at an e-commerce company',
        'cut checkout latency by 40% and led a database migration',
      ],
    },
    {
      title: 'Resume Bullets for Marketing Managers',
      ex: [
        'a marketing manager',
        'five years in B2B marketing at a logistics firm',
        'grew the newsletter to 20,000 subscribers and doubled demo requests',
      ],
    },
    {
      title: 'Resume Bullet Points for Nurses',
      ex: [
        'a charge nurse',
        'eight years on a busy surgical ward',
        'trained 15 new nurses and reduced handover errors',
      ],
    },
  ],
});

const lessonPlan = recipe({
  key: 'gpt-lesson-plan',
  extras: [
    'Use materials that a normal classroom already has.',
    'Add one real-world example that students of this age will recognise.',
    'Include a one-sentence exit ticket question for the end of the lesson.',
  ],
  count: 4,
  labels: ['Topic', 'Class', 'Lesson length', 'Differentiation for'],
  template: () =>
    `You are an experienced teacher. Create a lesson plan on {1} for {2}, lasting {3}.\n` +
    `Include learning objectives, a 5-minute warm-up, direct instruction with examples, a hands-on group activity, a quick check ` +
    `for understanding (3 questions with answers), differentiation for {4}, and a short homework task. Format it as a table with timings.`,
  tags: ['education', 'teaching', 'lesson-plan'],
  extraTags: ['school', 'productivity'],
  scene: 'interior',
  palettes: ['citrus', 'mint', 'pastel'],
  what: (a) => [
    `A ready-to-teach lesson plan on ${a.ex[0]} for ${a.ex[1]}, with timings in a table`,
    `Plans a complete ${a.ex[2]} lesson on ${a.ex[0]}, from warm-up to homework`,
  ],
  detail: [
    'It includes a quick check for understanding with answers, so you know who needs help before the bell',
    'Differentiation is built in rather than added as an afterthought',
  ],
  angles: [
    {
      title: 'Lesson Plan for Middle School Science',
      ex: ['the water cycle', 'year 7 students', '50 minutes', 'students who need extra reading support'],
    },
    {
      title: 'ESL Lesson Plan for Adult Beginners',
      ex: ['ordering food in a restaurant', 'adult ESL beginners', '60 minutes', 'a mixed-level group'],
    },
    {
      title: 'Lesson Plan for High School History',
      ex: [
        'the causes of World War I',
        'grade 10 students',
        '45 minutes',
        'advanced students who finish early',
      ],
    },
    {
      title: 'Primary School Maths Lesson Plan',
      ex: [
        'fractions using pizza slices',
        'year 3 pupils',
        '40 minutes',
        'pupils who struggle with number sense',
      ],
    },
    {
      title: 'Lesson Plan for Teaching Creative Writing',
      ex: ['writing a strong opening line', 'grade 8 students', '55 minutes', 'reluctant writers'],
    },
  ],
});

const mealPlan = recipe({
  key: 'gpt-meal-plan',
  extras: [
    'Batch-cook on Sunday where it saves time and say which meals use the leftovers.',
    'Prefer seasonal ingredients and give one cheaper swap per day.',
    'Keep breakfasts to 10 minutes or less.',
  ],
  count: 3,
  labels: ['Goal', 'Household', 'Weekly budget', 'Foods to avoid'],
  template: () =>
    `Act as a registered nutritionist. Create a 7-day meal plan focused on {1} for {2}, with a weekly budget of {3}.\n` +
    `Give breakfast, lunch, dinner and one snack per day, with approximate calories and protein. Reuse ingredients to cut waste, ` +
    `keep weekday dinners under 30 minutes, and avoid {4}. Finish with a grocery list grouped by supermarket aisle.`,
  tags: ['food', 'health', 'nutrition'],
  extraTags: ['recipes', 'wellness'],
  scene: 'botanical',
  palettes: ['citrus', 'forest', 'mint'],
  what: (a) => [
    `A practical 7-day meal plan focused on ${a.ex[0]} for ${a.ex[1]}, with a grocery list`,
    `Plans a week of ${a.ex[0]} on a budget of ${a.ex[2]}, including calories and protein`,
  ],
  detail: [
    'Ingredients are reused across the week, so less food goes to waste',
    'Weekday dinners stay under 30 minutes, which makes the plan realistic to follow',
  ],
  angles: [
    {
      title: 'High-Protein Meal Plan for Busy Professionals',
      ex: ['high-protein eating', 'one adult who trains three times a week', '£60', 'mushrooms and olives'],
    },
    {
      title: 'Vegetarian Meal Plan for Families',
      ex: ['vegetarian family meals', 'two adults and two children', '$120', 'very spicy food'],
    },
    {
      title: 'Budget Meal Plan for Students',
      ex: ['cheap, healthy cooking', 'a student with a tiny kitchen', '€35', 'fish'],
    },
    {
      title: 'Mediterranean Meal Plan for Beginners',
      ex: ['Mediterranean-style eating', 'a couple in their fifties', '$90', 'shellfish'],
    },
  ],
});

const story = recipe({
  key: 'gpt-story',
  extras: [
    'Give the main character one small, specific habit that shows who they are.',
    'Use present tense and a close third-person point of view.',
    'Let the setting change how the plot unfolds, not just decorate it.',
  ],
  count: 4,
  labels: ['Genre', 'Main character', 'Setting', 'Length'],
  template: () =>
    `Write a short story of about {4} in the {1} genre.\n` +
    `Main character: {2}.\n` +
    `Setting: {3}.\n` +
    `Open in the middle of an action, reveal what the character wants in the first paragraph, add a twist two-thirds of the way ` +
    `through, and end on a quiet, memorable image. Use vivid sensory details and natural dialogue, and avoid clichés like ` +
    `"little did they know".`,
  minKeep: 3,
  tags: ['writing', 'storytelling', 'fiction'],
  extraTags: ['creative-writing', 'books'],
  scene: 'landscape',
  palettes: ['night', 'dawn', 'lavender'],
  what: (a) => [
    `Generates an original ${a.ex[0]} short story about ${a.ex[1]}`,
    `A story-writing prompt that gives ChatGPT a real structure: a ${a.ex[0]} tale set in ${a.ex[2]}`,
  ],
  detail: [
    'The structure (in-scene opening, clear want, late twist) produces stories that feel written rather than generated',
    'Change the length to go from a 300-word bedtime story to a 2,000-word short',
  ],
  angles: [
    {
      title: 'Cozy Mystery Short Story Starter',
      ex: [
        'cozy mystery',
        'a retired librarian with a sharp memory',
        'a seaside village during a storm',
        '1,500 words',
      ],
      scene: 'ocean',
      palette: 'storm',
    },
    {
      title: 'Sci-Fi Short Story Generator',
      ex: [
        'hard science fiction',
        'an engineer alone on a mining station',
        'an asteroid belt in 2190',
        '2,000 words',
      ],
      scene: 'space',
      palette: 'cosmic',
    },
    {
      title: 'Bedtime Story Writer for Kids',
      ex: ['gentle bedtime', 'a small fox who cannot fall asleep', 'a forest under a full moon', '400 words'],
      scene: 'creature',
      palette: 'night',
    },
    {
      title: 'Fantasy Short Story Prompt',
      ex: [
        'epic fantasy',
        'a young cartographer who maps forbidden lands',
        'a kingdom built on floating islands',
        '1,800 words',
      ],
    },
    {
      title: 'Horror Micro-Fiction Generator',
      ex: [
        'quiet horror',
        'a night-shift security guard',
        'an empty shopping mall at three in the morning',
        '500 words',
      ],
      scene: 'city',
      palette: 'noir',
    },
  ],
});

const promptGenerator = recipe({
  key: 'gpt-prompt-generator',
  extras: [
    'Keep each prompt under 60 words and avoid naming living artists.',
    'Make one of the five prompts deliberately unexpected.',
    'Use concrete nouns and lighting terms instead of vague words like "beautiful".',
  ],
  count: 3,
  labels: ['Idea', 'Style direction', 'Where the images will be used'],
  template: () =>
    `You are an expert Midjourney prompt engineer. Turn my idea into 5 ready-to-use Midjourney prompts.\n` +
    `Idea: {1}.\n` +
    `Style direction: {2}.\n` +
    `For each prompt, describe the subject, setting, lighting, lens or medium, colour palette and mood as one line of comma-separated ` +
    `phrases, then add parameters suited to {3} (aspect ratio, --v 6.1, --stylize). After the list, explain in one sentence what ` +
    `makes each variation different.`,
  tags: ['prompt-engineering', 'midjourney', 'ai-art'],
  extraTags: ['productivity', 'marketing'],
  scene: 'abstract',
  palettes: ['cosmic', 'neon', 'candy'],
  what: (a) => [
    `Lets ChatGPT write five detailed Midjourney prompts from a one-line idea such as "${a.ex[0]}"`,
    `A prompt that writes prompts: it turns "${a.ex[0]}" into five polished Midjourney prompts with parameters`,
  ],
  detail: [
    'Each variation changes lighting, medium or mood on purpose, so you explore the idea instead of getting five near-copies',
    'Parameters are chosen for where the images will be used, so the aspect ratio is right first time',
  ],
  angles: [
    {
      title: 'Midjourney Prompt Generator for Brand Visuals',
      ex: [
        'a calm morning routine for a tea brand',
        'soft natural photography',
        'Instagram posts and a website banner',
      ],
    },
    {
      title: 'Midjourney Prompt Writer for Book Covers',
      ex: ['a thriller set in a snowed-in hotel', 'moody cinematic illustration', 'an ebook cover'],
    },
    {
      title: 'Image Prompt Builder for Social Media Posts',
      ex: [
        'summer sale for a sneaker shop',
        'bold 3D renders with bright colours',
        'Instagram stories and square posts',
      ],
    },
    {
      title: 'Midjourney Prompt Generator for Game Concept Art',
      ex: ['a desert city built inside a giant skeleton', 'painterly concept art', 'a pitch deck'],
    },
  ],
});

const business = recipe({
  key: 'gpt-business',
  extras: [
    'Where you make an assumption, say so and suggest how to check it.',
    'Include rough numbers (market size, prices, margins) with their sources or reasoning.',
    'Write it so a busy founder can read it in five minutes.',
  ],
  count: 4,
  labels: ['Business', 'Market', 'Context', 'Deliverable'],
  template: () =>
    `Act as a strategy consultant. Prepare a {4} for {1} in {2}.\n` +
    `Context: {3}.\n` +
    `Be specific to this market rather than generic, flag the three biggest risks with a cheap way to test each, and finish with a ` +
    `prioritised list of next steps for the next 30 days. Use headings and bullet points.`,
  minKeep: 4,
  tags: ['business', 'strategy', 'startup'],
  extraTags: ['planning', 'marketing'],
  scene: 'geometric',
  palettes: ['bauhaus', 'teal', 'storm'],
  what: (a) => [
    `Produces a focused ${a.ex[3]} for ${a.ex[0]} in ${a.ex[1]}, with risks and next steps`,
    `Strategy work in minutes: a ${a.ex[3]} tailored to ${a.ex[0]}`,
  ],
  detail: [
    'It insists on market-specific points and cheap experiments, not generic textbook advice',
    'The 30-day action list turns the analysis into something you can act on this month',
  ],
  angles: [
    {
      title: 'SWOT Analysis for a Coffee Truck',
      ex: [
        'a specialty coffee truck',
        'a mid-sized university town',
        'one truck, two staff, launching in spring',
        'SWOT analysis',
      ],
    },
    {
      title: 'One-Page Business Plan for Dog Walkers',
      ex: [
        'a dog walking and pet sitting business',
        'suburban Melbourne',
        'a solo founder with a small savings buffer',
        'one-page business plan',
      ],
    },
    {
      title: 'Competitor Analysis for Meal Kit Startups',
      ex: [
        'a plant-based meal kit startup',
        'the German market',
        'pre-launch, with a tested recipe range',
        'competitor analysis',
      ],
    },
    {
      title: 'Pricing Strategy for Freelance Designers',
      ex: [
        'a freelance brand designer',
        'the North American small-business market',
        'three years of experience and a steady referral flow',
        'pricing strategy',
      ],
    },
    {
      title: 'Go-to-Market Plan for Mobile Apps',
      ex: [
        'a language-learning app for travellers',
        'English-speaking countries',
        'a working beta with 500 users',
        'go-to-market plan',
      ],
    },
  ],
});

const support = recipe({
  key: 'gpt-support',
  extras: [
    'Never blame the customer, and do not promise anything the policy does not allow.',
    "Use the customer's first name placeholder {{name}} once.",
    'If a refund or voucher applies, state the amount and when it arrives.',
  ],
  count: 3,
  labels: ['Company', 'What the customer said', 'Our policy', 'Tone'],
  template: (lead) =>
    `You are a senior customer support agent at ${lead}{1}. Write a reply to a customer who says: "{2}".\n` +
    `Our policy: {3}.\n` +
    `Acknowledge the problem in the first sentence, apologise once (not repeatedly), explain clearly what happens next and when, and ` +
    `close with a friendly line. Tone: {4}. Keep it under 150 words and add a shorter version for live chat.`,
  minKeep: 2,
  tags: ['customer-service', 'support', 'email'],
  extraTags: ['small-business', 'writing'],
  scene: 'abstract',
  palettes: ['mint', 'pastel', 'teal'],
  what: (a) => [
    `Writes calm, helpful replies for ${a.ex[0]} when a customer writes in about a problem`,
    `Customer support replies that fix the problem and keep the customer: built for ${a.ex[0]}`,
  ],
  detail: [
    'One apology, a clear next step and a date: the structure that de-escalates most complaints',
    'A short live-chat version is included, so the same answer works by email and in chat',
  ],
  angles: [
    {
      title: 'Support Reply for Late Deliveries',
      ex: [
        'an online furniture store',
        'My sofa was supposed to arrive last week and nobody has told me anything',
        'free redelivery and a 10% voucher for delays over 5 days',
        'warm and accountable',
      ],
    },
    {
      title: 'Refund Request Response Template',
      ex: [
        'a subscription box company',
        'I forgot to cancel and got charged again, I want my money back',
        'refunds within 14 days of a renewal if the box has not shipped',
        'friendly and clear',
      ],
    },
    {
      title: 'Reply to Negative Restaurant Reviews',
      ex: [
        'a family-run Italian restaurant',
        'We waited 50 minutes for our mains and the pasta was cold',
        'we invite unhappy guests back for a meal on us',
        'gracious, never defensive',
      ],
    },
    {
      title: 'Subscription Cancellation Reply',
      ex: [
        'a fitness app',
        'Please cancel my plan, it is too expensive',
        'cancellations take effect at the end of the billing period; we can offer a 3-month half-price plan',
        'respectful, no pressure',
      ],
    },
  ],
});

const naming = recipe({
  key: 'gpt-naming',
  extras: [
    'Check that each name works as a .com or a short social handle, and say when it probably does not.',
    'Avoid names that mean something awkward in Spanish, French or German.',
    'Mix one- and two-word names.',
  ],
  count: 3,
  labels: ['Business', 'Audience', 'Name style'],
  template: (lead) =>
    `Act as a brand strategist. Generate 20 name ideas for ${lead}{1} that appeal to {2}.\n` +
    `Name style: {3}.\n` +
    `Group them into descriptive, invented and metaphorical names. For each, add a one-line rationale and a possible tagline. ` +
    `Flag names that may be hard to spell or pronounce, and pick your top 3 with the reasons.`,
  tags: ['branding', 'naming', 'business'],
  extraTags: ['startup', 'marketing'],
  scene: 'geometric',
  palettes: ['bauhaus', 'citrus', 'royal'],
  what: (a) => [
    `Brainstorms 20 brand names with taglines for ${a.ex[0]}`,
    `Naming help for ${a.ex[0]}: twenty options in three styles, with rationale and a shortlist`,
  ],
  detail: [
    'Names are grouped by type and checked for spelling and pronunciation problems',
    'Taglines come with every name, which makes it easier to picture the brand',
  ],
  angles: [
    {
      title: 'Brand Name Generator for Coffee Shops',
      ex: ['a specialty coffee shop', 'remote workers and students', 'short, warm and easy to say'],
    },
    {
      title: 'Startup Name Ideas for Fintech Apps',
      ex: [
        'a budgeting app for couples',
        'young couples moving in together',
        'modern, friendly and one or two syllables',
      ],
    },
    {
      title: 'Name and Slogan Ideas for Bakeries',
      ex: ['a sourdough bakery', 'families in a busy neighbourhood', 'playful with a nod to bread'],
    },
    {
      title: 'Podcast Name Generator',
      ex: [
        'a podcast about starting a second career after 40',
        'professionals thinking about a change',
        'hopeful and memorable',
      ],
    },
  ],
});

const travel = recipe({
  key: 'gpt-travel',
  extras: [
    'Include one free activity per day.',
    'Avoid tourist traps unless they are truly worth it, and say why.',
    'Add the best time of day to visit each main sight to avoid crowds.',
  ],
  count: 3,
  labels: ['Destination', 'Trip length', 'Travellers', 'Interests'],
  template: () =>
    `Plan a {2} trip to {1} for {3}.\n` +
    `Interests: {4}.\n` +
    `Give a day-by-day itinerary with morning, afternoon and evening plans, grouped by neighbourhood to limit travel time. Add one ` +
    `local dish to try each day, a realistic daily budget, one rainy-day alternative, and tips on getting from the airport.`,
  minKeep: 3,
  tags: ['travel', 'planning', 'itinerary'],
  extraTags: ['vacation', 'budget'],
  scene: 'city',
  palettes: ['golden', 'tropical', 'sakura'],
  what: (a) => [
    `A day-by-day itinerary for ${a.ex[1]} in ${a.ex[0]}, planned for ${a.ex[2]}`,
    `Plans a realistic trip to ${a.ex[0]} with budgets, food tips and a rainy-day backup`,
  ],
  detail: [
    'Days are grouped by neighbourhood, so you spend the trip exploring instead of commuting',
    'A daily budget and airport tips make it usable as a real travel plan',
  ],
  angles: [
    {
      title: 'Weekend Itinerary for Lisbon',
      ex: ['Lisbon', '3-day', 'a couple on their first visit', 'viewpoints, seafood and live fado'],
    },
    {
      title: 'Family Trip Planner for Japan',
      ex: [
        'Tokyo and Kyoto',
        '10-day',
        'a family with two kids aged 8 and 11',
        'temples, trains, anime and easy food',
      ],
    },
    {
      title: 'Road Trip Itinerary for the Scottish Highlands',
      ex: [
        'the Scottish Highlands',
        '6-day',
        'two friends with a rental car',
        'hiking, castles and whisky distilleries',
      ],
      scene: 'landscape',
      palette: 'storm',
    },
    {
      title: 'Honeymoon Itinerary for Bali',
      ex: ['Bali', '8-day', 'newlyweds', 'beaches, rice terraces, spas and sunset dinners'],
      scene: 'ocean',
      palette: 'tropical',
    },
  ],
});

const pressRelease = recipe({
  key: 'gpt-press-release',
  extras: [
    'Keep the headline under 12 words and free of hype words like "revolutionary".',
    'Add a short media contact block with placeholders.',
    'Include one concrete number or date in the first paragraph.',
  ],
  count: 3,
  labels: ['Organisation', 'Announcement', 'Quote from', 'Readers'],
  template: (lead) =>
    `Write a press release for ${lead}{1} announcing {2}.\n` +
    `Follow AP style: a headline, a subheadline, a dateline, a strong lead paragraph answering who, what, when, where and why, two ` +
    `supporting paragraphs, a quote from {3}, and a boilerplate "About" section. Keep it under 450 words and make it easy for {4} ` +
    `to pick up.`,
  minKeep: 2,
  tags: ['pr', 'writing', 'business'],
  extraTags: ['marketing', 'media'],
  scene: 'city',
  palettes: ['bluehour', 'storm', 'royal'],
  what: (a) => [
    `Writes a newsroom-ready press release for ${a.ex[0]} announcing ${a.ex[1]}`,
    `An AP-style press release with headline, quote and boilerplate for ${a.ex[0]}`,
  ],
  detail: [
    'The lead paragraph answers the five Ws, which is what journalists check first',
    'A boilerplate section is included and can be reused on every future release',
  ],
  angles: [
    {
      title: 'Press Release for a Product Launch',
      ex: [
        'a smart home startup',
        'a thermostat that learns your schedule',
        'the CEO, Maya Chen',
        'tech journalists',
      ],
    },
    {
      title: 'Press Release for Nonprofit Events',
      ex: [
        'a community food bank',
        'its annual charity fun run on 12 June',
        'the volunteer coordinator',
        'local newspapers and radio',
      ],
    },
    {
      title: 'Funding Announcement Press Release',
      ex: [
        'a climate-tech startup',
        'a $4 million seed round',
        'the lead investor',
        'startup and business reporters',
      ],
    },
    {
      title: 'Press Release for a Restaurant Opening',
      ex: [
        'a Lebanese street food restaurant',
        'its opening in the city centre on 3 May',
        'the head chef',
        'food bloggers and local press',
      ],
    },
  ],
});

const code = recipe({
  key: 'gpt-code',
  extras: [
    'Assume the code runs in production and handles untrusted input.',
    'Prefer the standard library over new dependencies in your suggestions.',
    'Explain any performance issue with a rough estimate of its cost.',
  ],
  count: 3,
  labels: ['Language', 'Code', 'Audience level'],
  template: () =>
    `Act as a senior {1} engineer and a patient mentor. Review the code below.\n` +
    `1. Explain what it does in plain English.\n` +
    `2. Point out bugs, edge cases and security issues, ranked by severity.\n` +
    `3. Suggest a cleaner version with comments.\n` +
    `4. Add two unit tests.\n` +
    `Pitch your explanations at the level of {3}.\n` +
    `Code:\n{2}`,
  minKeep: 2,
  tags: ['coding', 'developer', 'productivity'],
  extraTags: ['education', 'software'],
  scene: 'geometric',
  palettes: ['neon', 'cyberpunk', 'noir'],
  what: (a) => [
    `A code review mentor for ${a.ex[0]}: it explains, finds bugs, refactors and writes tests`,
    `Gets a thorough, ranked ${a.ex[0]} code review with a cleaner rewrite and unit tests`,
  ],
  detail: [
    'Issues are ranked by severity, so you fix what matters first',
    'Explanations are pitched at the level you choose, from beginner to senior',
  ],
  angles: [
    {
      title: 'Code Review Assistant for Python',
      ex: ['Python', 'def average(xs): return sum(xs) / len(xs)', 'a junior developer'],
    },
    {
      title: 'JavaScript Code Reviewer and Explainer',
      ex: [
        'JavaScript',
        'const total = items.map(i => i.price).reduce((a, b) => a + b)',
        'a self-taught front-end developer',
      ],
    },
    {
      title: 'SQL Query Reviewer for Analysts',
      ex: [
        'SQL',
        'SELECT * FROM orders WHERE status = "paid" ORDER BY created_at',
        'a data analyst who knows the basics',
      ],
    },
    {
      title: 'Go Code Review Mentor',
      ex: [
        'Go',
        'func handler(w http.ResponseWriter, r *http.Request) { id := r.URL.Query().Get("id"); fmt.Fprintf(w, id) }',
        'a backend developer new to Go',
      ],
    },
  ],
});

export const CHATGPT_RECIPES: Recipe[] = [
  productDescription,
  seoOutline,
  newsletter,
  coldEmail,
  instagram,
  adCopy,
  youtube,
  landingPage,
  jobDescription,
  resume,
  lessonPlan,
  mealPlan,
  story,
  promptGenerator,
  business,
  support,
  naming,
  travel,
  pressRelease,
  code,
];

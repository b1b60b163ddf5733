// A prompt card as GET /api/prompts lists it: the fields the end-to-end specs read.
export interface Card {
  id: number;
  slugId: string;
  title: string;
  grade: number;
  priceFruit: number | null;
  priceCents: number | null;
  hasAccess: number;
}

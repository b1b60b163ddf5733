/** What a button acting on one prompt (the heart, "Add to cart") is given, on a card or the detail page. */
export interface PromptActionProps {
  promptId: number;
  /** Names the prompt in the button's name (cards); the detail page leaves it out. */
  title?: string;
  className?: string;
}

import '../styles/catalog.css';
import { Link } from '@tanstack/react-router';
import { CoinIcon, LockIcon, SparkleIcon } from '../ui/first-paint-icons.tsx';
import { HomeShelves } from './home-shelves.tsx';
import { PromptListView } from './prompt-list-view.tsx';

import type { ListSearch } from './list-search.ts';

/** The shelves sit above the plain first page; a filtered or later page goes straight to the grid. */
const isUnfiltered = (search: ListSearch): boolean =>
  search.type === undefined &&
  search.grade === undefined &&
  search.sort === undefined &&
  search.page === undefined &&
  search.tags === undefined &&
  search.saved === undefined;

export function HomePage({ search }: { search: ListSearch }) {
  return (
    <div className="page page--wide">
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__text">
          <p className="hero__eyebrow">
            <SparkleIcon size={14} /> AI prompt marketplace
          </p>
          <h1 id="hero-title" className="hero__title">
            Prompts that make AI images <span className="hero__highlight">ripe</span> on the first try
          </h1>
          <p className="hero__lead">
            Hand-tested prompts for Midjourney, DALL.E, ChatGPT and Kling, each with example images and
            fill-in variables. Start free, unlock more with FruitCoins, or go premium.
          </p>
        </div>
        <ul className="hero__grades" aria-label="Prompt grades">
          <li>
            <Link to="/category/free-prompts" className="grade-tile grade-tile--free">
              <SparkleIcon size={20} />
              <span className="grade-tile__name">Free Prompts</span>
              <span className="grade-tile__text">Copy and use, no account needed</span>
            </Link>
          </li>
          <li>
            <Link to="/category/fruit-prompts" className="grade-tile grade-tile--fruitcoin">
              <CoinIcon size={20} />
              <span className="grade-tile__name">FruitCoin Prompts</span>
              <span className="grade-tile__text">Unlock with coins from your balance</span>
            </Link>
          </li>
          <li>
            <Link to="/category/premium-prompts" className="grade-tile grade-tile--paid">
              <LockIcon size={20} />
              <span className="grade-tile__name">Premium Prompts</span>
              <span className="grade-tile__text">Pro-grade prompts, bought once</span>
            </Link>
          </li>
        </ul>
      </section>
      {isUnfiltered(search) ? <HomeShelves /> : null}
      <PromptListView
        search={search}
        firstOnScreen={!isUnfiltered(search)}
        title="All prompts"
        titleHidden={false}
        options={{ gradeFilter: true }}
      />
    </div>
  );
}

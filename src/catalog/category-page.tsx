import '../styles/catalog.css';
import '../styles/category.css';
import { Link } from '@tanstack/react-router';
import {
  CATEGORIES,
  type Category,
  GENERATOR_TYPES,
  GENERATORS,
  GRADES,
  type Grade,
} from '../../domain/catalog.ts';
import { CoinIcon, LockIcon, SparkleIcon } from '../ui/icons.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import { PromptListView } from './prompt-list-view.tsx';

import type { ListSearch } from './list-search.ts';

const GRADE_COPY: Record<Grade, { lead: string; empty: string }> = {
  0: {
    lead: 'Free to copy and use, no account needed. A good way to find a style you like before you spend anything.',
    empty: 'No free prompts match these filters. Try another generator.',
  },
  1: {
    lead: 'Unlocked with FruitCoins from your balance. Once unlocked, a prompt stays on your account.',
    empty: 'No FruitCoin prompts match these filters. Try another generator.',
  },
  2: {
    lead: 'Our most refined prompts, with several example images and detailed variables. Buy once, keep for good.',
    empty: 'No premium prompts match these filters. Try another generator.',
  },
};

const ALL_COPY = {
  lead: 'Every prompt in the catalog, free, FruitCoin and premium, for every generator.',
  empty: 'No prompts match these filters. Try removing one.',
};

const GRADE_ICONS = { 0: SparkleIcon, 1: CoinIcon, 2: LockIcon } as const;

/** One category's listing: a grade's prompts, or all of them (`/category?id=all`). */
export function CategoryPage({ category, search }: { category: Category; search: ListSearch }) {
  const grade = category.grade;
  const copy = grade === null ? ALL_COPY : GRADE_COPY[grade];
  const Icon = grade === null ? SparkleIcon : GRADE_ICONS[grade];
  return (
    <div className="page page--wide">
      <PageHeader
        eyebrow="Category"
        title={category.label}
        lead={copy.lead}
        icon={
          <span className={`grade-icon grade-icon--${grade === null ? 'all' : GRADES[grade]}`}>
            <Icon size={24} />
          </span>
        }
      />
      <PromptListView search={search} emptyText={copy.empty} />
    </div>
  );
}

export function CategoryIndexPage() {
  return (
    <div className="page page--wide">
      <PageHeader
        eyebrow="Browse"
        title="All Categories"
        lead="Pick a grade to see what it costs to use, or a generator to see prompts written for it."
      />
      <h2 className="section-title">By grade</h2>
      <ul className="category-tiles">
        {CATEGORIES.filter((c) => c.grade !== null).map((category) => {
          const grade = category.grade as Grade;
          const Icon = GRADE_ICONS[grade];
          return (
            <li key={category.path}>
              <Link to={category.path} className={`category-tile category-tile--${GRADES[grade]}`}>
                <span className={`grade-icon grade-icon--${GRADES[grade]}`}>
                  <Icon size={22} />
                </span>
                <span className="category-tile__name">{category.label}</span>
                <span className="category-tile__text">{GRADE_COPY[grade].lead}</span>
              </Link>
            </li>
          );
        })}
      </ul>
      <h2 className="section-title">By generator</h2>
      <ul className="category-tiles category-tiles--compact">
        {GENERATOR_TYPES.map((type) => (
          <li key={type}>
            <Link to="/" search={{ type }} className={`category-tile category-tile--generator-${type}`}>
              <span className="category-tile__name">{GENERATORS[type]}</span>
              <span className="category-tile__text">Prompts written and tested for {GENERATORS[type]}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

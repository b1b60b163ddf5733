import '../styles/catalog.css';
import { formatPrice, GRADES, type PromptCard } from '../../domain/catalog.ts';
import { CoinIcon, LockIcon, SparkleIcon } from '../ui/first-paint-icons.tsx';

const GRADE_NAMES = { free: 'Free prompt', fruitcoin: 'FruitCoin prompt', paid: 'Premium prompt' } as const;

/** "Free" / "{n} FruitCoins" / "$x.xx" in the grade's colour. */
export function GradeBadge({
  prompt,
  size = 'md',
}: {
  prompt: Pick<PromptCard, 'grade' | 'priceFruit' | 'priceCents'>;
  size?: 'md' | 'lg';
}) {
  const grade = GRADES[prompt.grade];
  const Icon = grade === 'free' ? SparkleIcon : grade === 'fruitcoin' ? CoinIcon : LockIcon;
  return (
    <span className={`badge badge--${grade} badge--${size}`} title={GRADE_NAMES[grade]}>
      <Icon size={size === 'lg' ? 16 : 13} strokeWidth={2.2} />
      {formatPrice(prompt)}
    </span>
  );
}

// The four variants side by side: pick one to place and download it, or ask
// one tile for a new seed while the others keep theirs.
import { Icon } from '../../../ui/components/Icon';
import type { Variant } from './useVariants';

export interface VariantStripProps {
  variants: Variant[];
  selected: number;
  idle: boolean;
  onSelect(index: number): void;
  onRegenerate(index: number): void;
}

export function VariantStrip({ variants, selected, idle, onSelect, onRegenerate }: VariantStripProps) {
  return (
    <ul className="bg-variants" aria-label="Variants" data-testid="bg-variants">
      {variants.map((variant, index) => {
        const name = `Variant ${index + 1}`;
        return (
          <li key={index} className={index === selected ? 'selected' : undefined} data-testid="bg-variant">
            <button type="button" className="bg-variant-pick" aria-pressed={index === selected} aria-label={`${name}, seed ${variant.seed}`} onClick={() => onSelect(index)}>
              {variant.image ? <img src={variant.image.url} alt="" data-testid="bg-variant-image" /> : <span className="bg-variant-empty">{idle ? index + 1 : ''}</span>}
              {variant.pending && !idle && (
                <span className="bg-variant-busy" aria-hidden="true">
                  <span className="spinner" />
                </span>
              )}
              {variant.error && (
                <span className="bg-variant-failed" title={variant.error.message}>
                  <Icon name="alert" size={16} />
                </span>
              )}
            </button>
            <div className="bg-variant-foot">
              <span className="hint numeric truncate" title="Seed: the same seed and settings give the same picture">
                #{variant.seed}
              </span>
              <button type="button" className="button ghost icon small" aria-label={`New seed for ${name.toLowerCase()}`} title="New seed for this one" disabled={idle} onClick={() => onRegenerate(index)}>
                <Icon name="refresh" size={14} />
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

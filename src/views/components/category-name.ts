import { useTranslation } from 'react-i18next';
import { useNewsCategories } from './use-news.ts';

/**
 * The name of a news category: our own translation for the categories the spec names (so every
 * interface language has one), otherwise the name the server sent, otherwise nothing.
 */
export function useCategoryName(categoryId: number | null): string {
  const { t } = useTranslation();
  const categories = useNewsCategories();
  if (categoryId === null) return '';
  const served =
    categories.status === 'ready' ? (categories.data.find((c) => c.id === categoryId)?.name ?? '') : '';
  return t(`notice.categories.c${categoryId}`, { defaultValue: served });
}

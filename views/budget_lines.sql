-- tally: materialize
-- tally: index (user_id, month)
-- Budget against actual for every month of each person's budget year, one row per line and period: is_month = 1
-- for the month, 0 for the year up to it. A page reads one month's rows:
--   SELECT * FROM budget_lines WHERE user_id = :user_id AND month = :month
-- The budget page reads its latest month, and users/[username]/budget/months/[month].md every month of the year.
-- The budget's basis is the budget page's: the currency most of the person's expenses are in, and the year of the
-- latest expense in it. Each top-level category counts everything spent in it and its sub-categories; giving
-- (donations) is a line of its own, measured against the pledged share of income. kind: 0 a category, 1 the total
-- of all categories, 2 giving (which the total leaves out).
WITH RECURSIVE basis AS (
  SELECT user_id, currency, substr(as_of, 1, 4) AS year, substr(as_of, 1, 7) AS latest FROM (
    SELECT user_id, currency, max(spent_on) AS as_of,
           row_number() OVER (PARTITION BY user_id ORDER BY count(*) DESC, currency) AS rank
    FROM expenses GROUP BY user_id, currency)
  WHERE rank = 1
),
periods(user_id, currency, year, month, latest) AS (
  -- January to the latest month; a month that is not a date ends the walk (strftime gives NULL).
  SELECT user_id, currency, year, year || '-01', latest FROM basis
  UNION ALL
  SELECT user_id, currency, year, strftime('%Y-%m', month || '-01', '+1 month'), latest FROM periods WHERE month < latest
),
cats AS (
  -- Every category with its URL slug: slugify(name), plus "-id" when two of a person's names share a slug.
  SELECT *, base || iif(count(*) OVER (PARTITION BY user_id, base) > 1, '-' || id, '') AS slug
  FROM (SELECT *, coalesce(nullif(slugify(name), '-'), 'category') AS base FROM budget_categories)
),
up(category_id, ancestor_id, depth) AS (
  -- Each category and its ancestors. The depth limit stops a cycle in a bad database from running forever.
  SELECT id, id, 0 FROM cats
  UNION ALL
  SELECT up.category_id, parent.id, up.depth + 1
  FROM up JOIN cats child ON child.id = up.ancestor_id
  JOIN cats parent ON parent.id = child.parent_id AND parent.user_id = child.user_id
  WHERE up.depth < 16
),
roots AS (
  -- A category's top-level category is the farthest ancestor reached (in a cycle, wherever the walk stopped).
  SELECT r.category_id, r.ancestor_id AS root_id, c.user_id
  FROM (SELECT *, row_number() OVER (PARTITION BY category_id ORDER BY depth DESC) AS rank FROM up) r
  JOIN cats c ON c.id = r.category_id
  WHERE r.rank = 1
),
spent AS (
  SELECT p.user_id, p.month, r.root_id, sum(e.amount_cents) AS year_cents,
         sum(iif(substr(e.spent_on, 1, 7) = p.month, e.amount_cents, 0)) AS month_cents
  FROM periods p
  JOIN expenses e ON e.user_id = p.user_id AND e.currency = p.currency
   AND substr(e.spent_on, 1, 4) = p.year AND substr(e.spent_on, 1, 7) <= p.month
  LEFT JOIN roots r ON r.category_id = e.category_id AND r.user_id = e.user_id
  GROUP BY p.user_id, p.month, r.root_id
),
categories AS (
  SELECT p.user_id, p.month, 0 AS is_giving, c.name, c.slug, c.monthly_limit_cents AS limit_cents,
         coalesce(s.month_cents, 0) AS month_cents, coalesce(s.year_cents, 0) AS year_cents
  FROM periods p
  JOIN (SELECT DISTINCT user_id, root_id FROM roots) t ON t.user_id = p.user_id
  JOIN cats c ON c.id = t.root_id
  LEFT JOIN spent s ON s.user_id = p.user_id AND s.month = p.month AND s.root_id = t.root_id
  UNION ALL
  -- Expenses whose category is missing still count.
  SELECT user_id, month, 0, 'Uncategorized', NULL, 0, month_cents, year_cents FROM spent WHERE root_id IS NULL
),
giving AS (
  SELECT p.user_id, p.month, 1 AS is_giving, 'Charitable giving' AS name, NULL AS slug,
         (SELECT coalesce(sum(amount_cents), 0) FROM incomes
           WHERE user_id = p.user_id AND currency = p.currency AND substr(month, 1, 7) = p.month) * u.pledge AS limit_cents,
         -- A day's gifts added up (views/gifts_by_day.sql): each month's sum reads a few rows a day, not every gift.
         (SELECT coalesce(sum(total_cents), 0) FROM gifts_by_day
           WHERE user_id = p.user_id AND currency = p.currency AND substr(donated_at, 1, 7) = p.month) AS month_cents,
         (SELECT coalesce(sum(total_cents), 0) FROM gifts_by_day
           WHERE user_id = p.user_id AND currency = p.currency AND substr(donated_at, 1, 4) = p.year
             AND substr(donated_at, 1, 7) <= p.month) AS year_cents,
         (SELECT coalesce(sum(amount_cents), 0) FROM incomes
           WHERE user_id = p.user_id AND currency = p.currency AND substr(month, 1, 4) = p.year
             AND substr(month, 1, 7) <= p.month) * u.pledge AS year_limit_cents
  FROM periods p JOIN (SELECT id, coalesce(pledge_percent, 0) / 100.0 AS pledge FROM users) u ON u.id = p.user_id
),
lines AS (
  SELECT user_id, month, 1 AS is_month, is_giving, name, slug, limit_cents, month_cents AS spent_cents FROM categories
  UNION ALL
  SELECT user_id, month, 0, is_giving, name, slug, limit_cents * CAST(substr(month, 6, 2) AS INTEGER), year_cents FROM categories
  UNION ALL
  SELECT user_id, month, 1, 1, name, slug, CAST(round(limit_cents) AS INTEGER), month_cents FROM giving
  UNION ALL
  SELECT user_id, month, 0, 1, name, slug, CAST(round(year_limit_cents) AS INTEGER), year_cents FROM giving
),
all_lines AS (
  SELECT user_id, month, is_month, 2 * is_giving AS kind, name, slug, limit_cents, spent_cents FROM lines
  UNION ALL
  SELECT user_id, month, is_month, 1, 'All categories', NULL, sum(limit_cents), sum(spent_cents) FROM lines
  WHERE is_giving = 0 GROUP BY user_id, month, is_month
)
SELECT a.user_id, a.month, a.is_month, a.kind, a.kind = 1 AS is_total, a.kind = 2 AS is_giving, a.name AS Category,
       a.slug, p.currency, a.spent_cents, a.limit_cents, max(a.spent_cents - a.limit_cents, 0) AS over_cents,
       max(a.limit_cents - a.spent_cents, 0) AS left_cents, 1.0 * a.spent_cents / nullif(a.limit_cents, 0) AS used,
       min(100, CAST(round(100.0 * a.spent_cents / nullif(a.limit_cents, 0)) AS INTEGER)) AS bar,
       -- The donut's values: the year's spending per category; NULL rows are left out of the chart.
       iif(a.is_month = 0 AND a.kind = 0, max(a.spent_cents, 0), NULL) AS Spent,
       -- The bar chart's values: the month's spending per category, against its limit (limit_cents).
       iif(a.is_month = 1 AND a.kind = 0, a.spent_cents, NULL) AS month_spent_cents,
       sum(a.kind = 0 AND a.spent_cents > a.limit_cents) OVER (PARTITION BY a.user_id, a.month, a.is_month) AS lines_over,
       sum(a.kind = 0) OVER (PARTITION BY a.user_id, a.month, a.is_month) AS lines
FROM all_lines a JOIN periods p ON p.user_id = a.user_id AND p.month = a.month

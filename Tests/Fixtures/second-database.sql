-- A second database for the example content, written by hand apart from data/example.sql and its generator, in the
-- shape real data arrives in: tags with spaces and capitals, bill and member ids with dots and spaces, cities with
-- accents, organizations without a cost per outcome, users without budgets, three currencies and a few roll calls.
-- ExampleSecondDatabaseTests builds the repository's example content on it and checks figures on the pages.

INSERT INTO organizations (id, slug, name, mission, description, website, donate_url, logo, city, region, country, rating, verified, minimum_donation_cents, impact_unit, cost_per_unit_cents, created_at) VALUES
  (10, 'Agua.Limpa_BR', 'Fundação Água Limpa', 'Clean water for schools in the north-east of Brazil.', 'Drills wells and keeps them running.', 'https://agua.example.org', NULL, NULL, 'São Paulo', 'SP', 'Brasil', 4.5, 1, 500, 'well kept running for a year', 120000, '2024-02-01'),
  (11, 'zurich-food-bank', 'Tafel Zürich', 'Redistributes surplus food in Zürich.', '', NULL, NULL, NULL, 'Zürich', NULL, 'Schweiz', NULL, 0, 100, NULL, NULL, '2024-03-09'),
  (12, 'Direct.Cash', 'Direct Cash Montréal', 'Unconditional cash transfers to families.', 'Sends money *directly* to households.', 'https://cash.example.org', 'https://cash.example.org/give', NULL, 'Montréal', 'QC', 'Canada', 3.5, 1, 1000, 'household reached', 25000, '2023-11-30'),
  (13, 'research_lab', 'Open Research Lab', 'Studies which charities work.', '', NULL, NULL, NULL, 'Bogotá', NULL, 'Colombia', NULL, 0, 100, NULL, NULL, '2024-05-05'),
  (14, 'nets-4-all', 'Nets 4 All', 'Bed nets where malaria is common.', '', NULL, NULL, NULL, NULL, NULL, NULL, 5, 1, 200, 'net', 500, '2022-07-07');

INSERT INTO organization_tags (organization_id, tag) VALUES
  (10, 'Clean Water'),
  (10, 'global health'),
  (11, 'Food'),
  (12, 'Cash Transfers'),
  (13, 'cash transfers'),
  (13, 'Research & Evaluation'),
  (14, 'global health'),
  (14, 'Malaria');

-- ada reads her hours in India's zone (UTC+5:30, a half-hour offset); sam has no zone, so the site's applies.
INSERT INTO users (id, username, display_name, email, zipcode, party, bio, pledge_percent, created_at, timezone) VALUES
  (7, 'ada', 'Ada Quintero', NULL, NULL, NULL, 'Gives in three currencies.', NULL, '2023-01-01', 'Asia/Kolkata'),
  (9, 'sam', '', NULL, NULL, NULL, '', 5, '2023-06-01', NULL),
  (12, 'zoë', 'Zoë Unpublished', 'zoe@example.com', NULL, NULL, '', 10, '2024-01-01', 'Not/A_Zone');

-- ada: USD 250.00 + 100.00 + 40.00 = 390.00, EUR 80.00, CHF 55.50; sam: USD 20.00 and 30.00. zoë is not published.
INSERT INTO donations (id, user_id, organization_id, amount_cents, currency, donated_at, recurring, note) VALUES
  (100, 7, 10, 25000, 'USD', '2024-03-01', 0, 'Well repair'),
  (101, 7, 12, 10000, 'USD', '2024-12-20', 0, ''),
  (102, 7, 14, 4000, 'USD', '2025-01-15', 1, ''),
  (103, 7, 14, 8000, 'EUR', '2025-02-01', 0, 'Winter'),
  (104, 7, 11, 5550, 'CHF', '2025-03-10', 0, ''),
  (105, 9, 14, 2000, 'USD', '2025-01-05', 1, ''),
  (106, 9, 14, 3000, 'USD', '2025-02-05', 1, ''),
  (107, 12, 13, 99900, 'USD', '2025-02-05', 0, 'never shown');

-- ada's euro gift to Nets 4 All counts in outcomes at February's rate, which this fixture makes up and says so:
-- €80.00 × 1.0412 = $83.296 → $83.30, so with her $40.00 she funded $123.30 / $5.00 = 24 nets. Her Swiss franc gift
-- has no rate (nor an organization with a cost per outcome), and May's euro rate has no gift.
INSERT INTO exchange_rates (base_currency, quote_currency, month, rate, source, note) VALUES
  ('EUR', 'USD', '2025-02', '1.0412', 'Illustrative', 'made up for this fixture, not a published rate'),
  ('EUR', 'USD', '2025-05', '1.1278', 'Illustrative', '');

INSERT INTO incomes (id, user_id, month, amount_cents, currency, source) VALUES
  (1, 7, '2025-01', 500000, 'USD', 'Salary'),
  (2, 7, '2025-02', 500000, 'USD', 'Salary');

INSERT INTO representatives (id, name, party, state, district, chamber, position, photo, website, bioguide_id, lis_id, official_name, phone, office, contact_form, term_start, term_end, source) VALUES
  ('MN 05', 'Rowan Testperson', 'D', 'MN', '5', 'house', 'Representative', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 'Hand-written fixture'),
  ('TX.07', 'Kit Samplefield', 'R', 'TX', '7', 'house', 'Representative', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 'Hand-written fixture'),
  ('CA-12', 'Lee Placeholder', 'D', 'CA', '12', 'house', 'Representative', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 'Hand-written fixture'),
  ('Sen VT', 'Alex Mockford', 'I', 'VT', NULL, 'senate', 'Senator', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 'Hand-written fixture'),
  ('Sen TX', 'Jo Dummyston', 'R', 'TX', NULL, 'senate', 'Senator', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 'Hand-written fixture');

INSERT INTO user_representatives (user_id, representative_id) VALUES
  (7, 'MN 05'),
  (7, 'Sen VT'),
  (9, 'TX.07');

-- ada asks her own House member and a senator who is not hers (Sen TX), who answers; zoë is not published.
-- ada's report: 2 questions, 1 answered, both in its representatives table.
INSERT INTO questions (id, user_id, representative_id, text, votes, asked_at, answer, answered_at) VALUES
  (1, 7, 'MN 05', 'Will you support clean water funding?', 3, '2025-02-02', NULL, NULL),
  (2, 7, 'Sen TX', 'Will Texas keep its <b>water</b> grants?', 8, '2025-02-10', 'Yes, **both** of them. <script>x</script>', '2025-03-01'),
  (3, 12, 'MN 05', 'A question never shown', 50, '2025-02-03', NULL, NULL);

INSERT INTO bills (id, title, summary, chamber, status, introduced_on, last_action_on, url) VALUES
  ('H.R. 3684', 'Infrastructure Investment and Jobs Act', 'Roads, bridges and **water**.', 'house', 'Became Law', '2021-06-04', '2021-11-15', 'https://www.congress.gov/bill/117th-congress/house-bill/3684'),
  ('S. 1', 'A Senate Bill', 'Introduced only.', 'senate', 'introduced', '2025-01-03', '2025-01-03', NULL),
  ('hr5376-117', 'Inflation Reduction Act of 2022', '', 'house', 'Became Law', '2021-09-27', '2022-08-16', NULL);

-- House: 2 yes (D, D) and 1 no (R) on H.R. 3684 passage; Senate: 2 yes (I, R).
INSERT INTO roll_calls (id, chamber, congress, session, number, voted_at, question, vote_type, required_majority, result, passed, bill_id, bill_number, amendment, description, yea_count, nay_count, present_count, not_voting_count, tie_breaker_by, tie_breaker_vote, source_file, source) VALUES
  (1, 'house', 117, 1, 369, '2021-11-05T23:27:00-04:00', 'On Motion to Concur in the Senate Amendment', 'YEA-AND-NAY', '1/2', 'Passed', 1, 'H.R. 3684', 'H R 3684', NULL, '', 2, 1, 0, 0, NULL, NULL, '', 'Hand-written fixture'),
  (2, 'senate', 117, 1, 314, '2021-08-10T11:30:00-04:00', 'On Passage of the Bill', 'YEA-AND-NAY', '1/2', 'Passed', 1, 'H.R. 3684', 'H.R. 3684', NULL, '', 2, 0, 0, 0, NULL, NULL, '', 'Hand-written fixture'),
  (3, 'house', 117, 2, 420, '2022-08-12T14:00:00-04:00', 'On Motion to Concur in the Senate Amendment', 'YEA-AND-NAY', '1/2', 'Passed', 1, 'hr5376-117', 'H R 5376', NULL, '', 2, 1, 0, 0, NULL, NULL, '', 'Hand-written fixture');

INSERT INTO roll_call_positions (roll_call_id, representative_id, position, vote, party) VALUES
  (1, 'MN 05', 'yes', 'Yea', 'D'),
  (1, 'CA-12', 'yes', 'Yea', 'D'),
  (1, 'TX.07', 'no', 'Nay', 'R'),
  (2, 'Sen VT', 'yes', 'Yea', 'I'),
  (2, 'Sen TX', 'yes', 'Yea', 'R'),
  (3, 'MN 05', 'yes', 'Aye', 'D'),
  (3, 'CA-12', 'yes', 'Aye', 'D'),
  (3, 'TX.07', 'no', 'No', 'R');

INSERT INTO social_accounts (id, user_id, platform, handle, auth_token) VALUES
  (1, 7, 'mastodon', '@ada@example.social', NULL),
  (2, 9, 'bluesky', '@sam.example', NULL);

-- ada's posts go out at 15:35 in Kolkata; sam's at 23:30 on Apr 1 in New York (03:30 UTC on Apr 2). Post 4 is
-- ada's one upcoming post: scheduled for 17:30 in Kolkata, after her latest published one.
INSERT INTO posts (id, user_id, content, created_at, scheduled_for, donation_id) VALUES
  (1, 7, 'Gave to Fundação Água Limpa <3 & more', '2025-03-01T10:00:00Z', NULL, 100),
  (2, 7, 'Second post', '2025-03-08T10:00:00Z', NULL, NULL),
  (3, 9, 'Late one | with a pipe', '2025-04-02T03:29:00Z', NULL, NULL),
  (4, 7, 'Coming up', '2025-03-10T09:00:00Z', '2025-03-20T12:00:00Z', NULL);

INSERT INTO post_deliveries (post_id, account_id, status, published_at, likes, shares) VALUES
  (1, 1, 'published', '2025-03-01T10:05:00Z', 4, 1),
  (2, 1, 'published', '2025-03-08T10:05:00Z', 0, 0),
  (3, 2, 'published', '2025-04-02T03:30:00Z', 1, 0),
  (4, 1, 'scheduled', NULL, 0, 0);

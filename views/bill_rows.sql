-- One row per bill with what the bill lists show (content/bills/): its status badge, where it started, its dates,
-- each chamber's last passage vote as yes–no, and how the published users' representatives voted on it.
--   SELECT * FROM bill_rows WHERE slugify(status) = :status ORDER BY last_action_on DESC, bill_id
-- `reader_votes` sums up, per published user, how their representatives voted on each chamber's last passage vote
-- on the bill (the ones its yes–no columns show): "Ada’s: 3 yes · Sam’s: 2 yes, 1 no", users by the name shown, positions
-- in the order yes, no, present, not voting. NULL when none of their representatives voted on it. Each bill's page
-- names the representatives. Only published users are in the snapshot, so no one else's are counted.
WITH last_passage AS (
  SELECT f.bill_id, f.chamber, f.id, f.yea_count || '–' || f.nay_count AS tally
  FROM roll_call_facts f
  WHERE f.is_passage AND f.bill_id IS NOT NULL
    AND f.id = (SELECT g.id FROM roll_call_facts g WHERE g.bill_id = f.bill_id AND g.chamber = f.chamber AND g.is_passage
                ORDER BY g.voted_at DESC, g.number DESC LIMIT 1)
)
SELECT b.id AS bill_id, url_segment(b.id) AS id, b.title, b.status, nullif(slugify(b.status), '-') AS status_slug,
       upper(substr(b.status, 1, 1)) || substr(b.status, 2) AS status_label,
       CASE b.chamber WHEN 'house' THEN 'House' WHEN 'senate' THEN 'Senate' ELSE b.chamber END AS origin,
       b.introduced_on, b.last_action_on,
       (SELECT tally FROM last_passage l WHERE l.bill_id = b.id AND l.chamber = 'house') AS house_vote,
       (SELECT tally FROM last_passage l WHERE l.bill_id = b.id AND l.chamber = 'senate') AS senate_vote,
       (SELECT group_concat(reader || '’s: ' || positions, ' · ') FROM (
          SELECT reader, group_concat(count || ' ' || position, ', ') AS positions FROM (
            SELECT u.id AS user_id, u.username,
                   CASE WHEN instr(u.display_name, ' ') > 0 THEN substr(u.display_name, 1, instr(u.display_name, ' ') - 1)
                        ELSE coalesce(nullif(u.display_name, ''), u.username) END AS reader,
                   p.position, count(*) AS count
            FROM last_passage l
            JOIN roll_call_positions p ON p.roll_call_id = l.id
            JOIN user_representatives ur ON ur.representative_id = p.representative_id
            JOIN users u ON u.id = ur.user_id
            WHERE l.bill_id = b.id
            GROUP BY u.id, p.position
            ORDER BY reader, u.username, u.id,
                     CASE p.position WHEN 'yes' THEN 1 WHEN 'no' THEN 2 WHEN 'present' THEN 3 WHEN 'not voting' THEN 4 ELSE 5 END, p.position
          )
          GROUP BY user_id ORDER BY reader, username, user_id
        )) AS reader_votes
FROM bills b

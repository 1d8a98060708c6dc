-- One row per question of a published user (the snapshot holds no one else's), with what a question's entry shows:
-- who asked, whom, and whether the official is one of the asker's own representatives.
--   SELECT * FROM question_list WHERE user_id = :user_id ORDER BY votes DESC, asked_at, id
-- A question to an official missing from `representatives` is kept (LEFT JOIN), named by its id, so a person's
-- "13 asked" is always the number of questions their pages list.
SELECT q.id, q.text, q.votes, q.asked_at, q.answer, q.answered_at, q.answer IS NOT NULL AS answered,
       q.user_id, url_segment(u.username) AS username, coalesce(nullif(u.display_name, ''), u.username) AS asker,
       q.representative_id, url_segment(q.representative_id) AS representative_segment,
       r.id IS NOT NULL AS representative_known, coalesce(r.name, q.representative_id) AS representative,
       r.position AS office,
       EXISTS (SELECT 1 FROM user_representatives ur
               WHERE ur.user_id = q.user_id AND ur.representative_id = q.representative_id) AS own_representative
FROM questions q
JOIN users u ON u.id = q.user_id
LEFT JOIN representatives r ON r.id = q.representative_id

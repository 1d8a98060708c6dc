-- Each position beside how the member's party voted on the same roll call, for "voting with the party":
--   SELECT * FROM party_agreement WHERE representative_id = :id
-- The party is the one the roll call gives the member. `majority` is whichever of yes and no more of the
-- party's members chose, NULL when they tied or chose neither. `with_party` is 1 or 0 when the member voted yes
-- or no and the party has a majority, NULL otherwise: presence, absence, quorum calls and elections never count.
SELECT p.roll_call_id, p.representative_id, p.position, p.vote, p.party,
       t.yes AS party_yes, t.no AS party_no,
       CASE WHEN t.yes > t.no THEN 'yes' WHEN t.no > t.yes THEN 'no' END AS majority,
       CASE WHEN p.position IN ('yes', 'no') AND t.yes <> t.no
            THEN p.position = CASE WHEN t.yes > t.no THEN 'yes' ELSE 'no' END END AS with_party
FROM roll_call_positions p
LEFT JOIN roll_call_parties t ON t.roll_call_id = p.roll_call_id AND t.party = p.party

//! A stable 64-bit FNV-1a hash, used for state hashes that must match across runs and
//! machines (std's hasher is randomly keyed).

pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= *b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// Hash of a value's JSON form (field order is declaration order, maps are BTreeMaps).
pub fn state_hash<T: serde::Serialize>(value: &T) -> String {
    let text = serde_json::to_vec(value).unwrap_or_default();
    format!("{:016x}", fnv1a(&text))
}

#[cfg(test)]
mod tests {
    #[test]
    fn known_vector() {
        assert_eq!(super::fnv1a(b"a"), 0xaf63dc4c8601ec8c);
    }
}

//! A zip file, the archive Windows opens by itself, for the Windows
//! release: the files stored as they are (no compression, which would take
//! a deflate library for a few hundred kilobytes), each with its CRC-32.
//! PKWARE's APPNOTE.TXT is the format; only what a stored archive of a few
//! small files needs is written (no ZIP64, no extra fields).

/// The archive of `entries` (a name, `/`-separated, and the contents).
/// Every entry is dated 1980-01-01, zip's epoch, so that the same files
/// give the same archive (and checksum) on every build.
pub(crate) fn stored(entries: &[(String, Vec<u8>)]) -> anyhow::Result<Vec<u8>> {
    const VERSION: u16 = 10; // 1.0: stored entries only
    const DATE: u16 = (1 << 5) | 1; // 1980-01-01, as MS-DOS dates count
    let mut archive = Vec::new();
    let mut directory = Vec::new();
    for (name, contents) in entries {
        let offset = u32::try_from(archive.len())?;
        let size = u32::try_from(contents.len())?;
        let name_length = u16::try_from(name.len())?;
        let crc = crc32(contents);
        // What the local header and the directory's entry share: version
        // needed, flags, method (0: stored), time, date, CRC, both sizes,
        // the name's length and no extra field.
        let mut common = Vec::new();
        for half in [VERSION, 0, 0, 0, DATE] {
            common.extend(half.to_le_bytes());
        }
        for word in [crc, size, size] {
            common.extend(word.to_le_bytes());
        }
        common.extend(name_length.to_le_bytes());
        common.extend(0u16.to_le_bytes());

        archive.extend(0x0403_4b50u32.to_le_bytes());
        archive.extend(&common);
        archive.extend(name.as_bytes());
        archive.extend(contents);

        directory.extend(0x0201_4b50u32.to_le_bytes());
        directory.extend(VERSION.to_le_bytes()); // made by: MS-DOS, 1.0
        directory.extend(&common);
        // Comment length, disk, internal and external attributes.
        for half in [0u16, 0, 0, 0, 0] {
            directory.extend(half.to_le_bytes());
        }
        directory.extend(offset.to_le_bytes());
        directory.extend(name.as_bytes());
    }
    let count = u16::try_from(entries.len())?;
    let start = u32::try_from(archive.len())?;
    let length = u32::try_from(directory.len())?;
    archive.extend(directory);
    archive.extend(0x0605_4b50u32.to_le_bytes());
    for half in [0u16, 0, count, count] {
        archive.extend(half.to_le_bytes());
    }
    archive.extend(length.to_le_bytes());
    archive.extend(start.to_le_bytes());
    archive.extend(0u16.to_le_bytes()); // no comment
    Ok(archive)
}

/// CRC-32 as zip (and Ethernet) computes it: polynomial 0x04C11DB7,
/// reflected, starting from all ones and inverted at the end.
pub(crate) fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = u32::MAX;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

#[cfg(test)]
mod tests {
    use super::*;

    fn u16_at(bytes: &[u8], at: usize) -> u16 {
        u16::from_le_bytes(bytes[at..at + 2].try_into().unwrap())
    }

    fn u32_at(bytes: &[u8], at: usize) -> u32 {
        u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap())
    }

    #[test]
    fn crc32_gives_the_standard_check_value() {
        // The check value of every CRC-32 catalogue: CRC-32("123456789").
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b""), 0);
    }

    #[test]
    fn the_directory_finds_every_entry_and_its_contents() {
        let entries = vec![
            ("oware/oware.exe".to_owned(), b"MZ not really".to_vec()),
            ("oware/README.md".to_owned(), b"# oware\n".to_vec()),
        ];
        let zip = stored(&entries).unwrap();
        // The end record is the last 22 bytes (no comment).
        let end = zip.len() - 22;
        assert_eq!(u32_at(&zip, end), 0x0605_4b50);
        assert_eq!(usize::from(u16_at(&zip, end + 10)), entries.len());
        let mut at = u32_at(&zip, end + 16) as usize;
        assert_eq!(at + u32_at(&zip, end + 12) as usize, end);
        for (name, contents) in &entries {
            // The directory's entry: its CRC, size, name and local header.
            assert_eq!(u32_at(&zip, at), 0x0201_4b50);
            assert_eq!(u32_at(&zip, at + 16), crc32(contents));
            assert_eq!(u32_at(&zip, at + 24) as usize, contents.len());
            let name_length = usize::from(u16_at(&zip, at + 28));
            assert_eq!(&zip[at + 46..at + 46 + name_length], name.as_bytes());
            let local = u32_at(&zip, at + 42) as usize;
            assert_eq!(u32_at(&zip, local), 0x0403_4b50);
            let data = local + 30 + usize::from(u16_at(&zip, local + 26));
            assert_eq!(&zip[data..data + contents.len()], contents.as_slice());
            at += 46 + name_length;
        }
        assert_eq!(at, end);
    }
}
